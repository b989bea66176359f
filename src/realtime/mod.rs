//! The live channel: a WebSocket per signed-in tab, a hub that knows which sockets listen to which
//! topic, and the frames (one tagged enum each way, also published in the OpenAPI document).

pub mod bridge;
mod frames;
mod hub;
pub mod outbound;
mod socket;
mod topic;

pub use frames::{ChatRef, ClientFrame, ServerFrame};
pub use hub::{Hub, Registration};
pub use socket::ws_handler;
pub use topic::Topic;
