//! The live channel: a WebSocket per signed-in tab, a hub that knows who is connected, and the
//! frames (one tagged enum each way, also published in the OpenAPI document).

pub mod bridge;
mod frames;
mod hub;
mod socket;

pub use frames::{ClientFrame, ServerFrame};
pub use hub::Hub;
pub use socket::ws_handler;
