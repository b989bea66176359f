//! Accounts: sign-up, login (with remembered logins), logout, the current user, availability
//! checks, password reset and profile updates (spec 000 §2-§9, API.md).

mod leaving;
pub mod model;
mod routes;
pub mod rules;
pub mod settings;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::signup))
        .routes(routes!(routes::login))
        .routes(routes!(routes::remembered_login))
        .routes(routes!(routes::forget_remembered))
        .routes(routes!(routes::logout))
        .routes(routes!(routes::current_user))
        .routes(routes!(routes::current_user_refresh))
        .routes(routes!(routes::check_email))
        .routes(routes!(routes::check_username))
        .routes(routes!(routes::forgot_password))
        .routes(routes!(routes::reset_password))
        .routes(routes!(routes::update_profile))
        .routes(routes!(routes::new_connect_code))
        .routes(routes!(settings::change_password))
        .routes(routes!(settings::change_email))
        .routes(routes!(settings::verify_email))
        .routes(routes!(settings::resend_verification))
        .routes(routes!(settings::notification_settings, settings::set_notification_settings))
        .routes(routes!(leaving::export))
        .routes(routes!(leaving::delete))
}
