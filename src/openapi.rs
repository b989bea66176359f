//! The OpenAPI document's frame: title, tags and the schemas no handler names (the live frames),
//! and the answer every state-changing call may give when its budget is spent.

use utoipa::{
    openapi::{header::HeaderBuilder, path::Operation, ContentBuilder, ObjectBuilder, Ref, ResponseBuilder, Type},
    OpenApi,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Grow API", description = "The API of Grow, a social collaboration platform for creatives and startup builders."),
    tags((name = "accounts", description = "Sign-up, login, sessions and profiles")),
    components(schemas(crate::error::ErrorBody, crate::realtime::ServerFrame, crate::realtime::ClientFrame))
)]
pub struct ApiDoc;

/// Every state-changing operation spends from a budget (`safety::limits`, applied to all of them by
/// the edge), and every call made without a session from its address's (`safety::limits::spend_open_call`), so each
/// documents the 429 it answers once the budget is spent.
pub fn document_budgets(doc: &mut utoipa::openapi::OpenApi) {
    let spent = ResponseBuilder::new()
        .description("This kind of call's budget (or, without a session, the address's) is spent for now: try again after `Retry-After` seconds")
        .header(
            "Retry-After",
            HeaderBuilder::new()
                .schema(ObjectBuilder::new().schema_type(Type::Integer))
                .description(Some("Seconds until the budget's window ends"))
                .build(),
        )
        .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build())
        .build();
    for item in doc.paths.paths.values_mut() {
        let operations: [&mut Option<Operation>; 5] =
            [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
        for operation in operations.into_iter().flatten() {
            operation.responses.responses.entry("429".into()).or_insert_with(|| spent.clone().into());
        }
    }
}
