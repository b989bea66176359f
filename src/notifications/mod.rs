//! Notifications: the one way any area tells someone something (spec 001 §2.7, §3, §7; API.md
//! "Push", "Who is notified of what"). An area calls [`notify`] inside the transaction of the
//! change that causes it; after commit the recipient's sockets hear a `notification` frame and
//! the push worker sends it to their browsers. A rolled-back change notifies nobody.

pub mod daily;
pub mod digest;
pub mod endpoint;
pub mod kept;
pub mod model;
pub mod push;
mod routes;
pub mod store;
pub mod webpush;

use utoipa_axum::{router::OpenApiRouter, routes};

pub use model::{Kind, Notification};
pub use store::NewNotification;

use crate::{
    db::Tx,
    events::{DomainEvent, Emit},
    state::AppState,
};

/// Creates a notification in `tx` and arranges its announcement for when `tx` commits. `None` when
/// `once_key` was already used for this user, or when a block stands between its actor and the
/// recipient (nothing new was created).
pub async fn notify(tx: &mut Tx, new: &NewNotification<'_>) -> Result<Option<Notification>, sqlx::Error> {
    if let Some(actor) = new.actor {
        if !crate::safety::reach::allows(tx, actor, new.user_id).await? {
            return Ok(None);
        }
    }
    let Some(row) = store::insert(tx, new).await? else {
        return Ok(None);
    };
    let notification = row.to_wire();
    // Once it commits, the person's tabs hear of it and the push worker wakes to deliver its pushes.
    tx.emit(DomainEvent::Notified { user_id: notification.user_id, id: notification.id, kind: notification.kind });
    Ok(Some(notification))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list))
        .routes(routes!(routes::count))
        .routes(routes!(routes::read_all))
        .routes(routes!(routes::read))
        .routes(routes!(routes::delete))
        .routes(routes!(routes::push_public_key))
        .routes(routes!(routes::subscribe, routes::unsubscribe))
        .routes(routes!(digest::unsubscribe))
}
