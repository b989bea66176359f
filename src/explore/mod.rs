//! Explore (spec 001 §2.1, §2.6, §4-§6; API.md "The swipe deck", money): the deck of projects a
//! person has not swiped yet, the swiped set (kept on the server, so it follows them to every
//! device), and investors' pledges: made, seen in the investor's portfolio and the owner's book,
//! accepted, declined and completed by the owner. Supporting lives with projects.

mod deck;
mod pledge_book;
mod pledge_moves;
mod pledges;
mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use pledges::{upfront, MINIMUM_PLEDGE};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(deck::feed))
        .routes(routes!(deck::swiped, deck::swipe, deck::reset))
        .routes(routes!(pledges::pledge))
        .routes(routes!(pledges::investments))
        .routes(routes!(pledge_book::list))
        .routes(routes!(pledge_moves::accept))
        .routes(routes!(pledge_moves::decline))
        .routes(routes!(pledge_moves::complete))
}
