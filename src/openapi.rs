//! The OpenAPI document's frame: title, tags and the schemas no handler names (the live frames).

use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(title = "Grow API", description = "The API of Grow, a social collaboration platform for creatives and startup builders."),
    tags((name = "accounts", description = "Sign-up, login, sessions and profiles")),
    components(schemas(crate::error::ErrorBody, crate::realtime::ServerFrame, crate::realtime::ClientFrame))
)]
pub struct ApiDoc;
