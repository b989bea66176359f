//! The command line: `grow [serve] | migrate | seed --demo | admin grant USERNAME | openapi`.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "grow", about = "Grow: the API, the live channel and the web app in one binary", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Serve the API, the WebSocket and the app (the default).
    Serve {
        /// Fill an empty embedded database with the demo community first (also GROW_DEMO=1).
        #[arg(long)]
        demo: bool,
    },
    /// Apply database migrations and exit.
    Migrate,
    /// Fill the database with sample data.
    Seed {
        /// The demo community (only into a database without users).
        #[arg(long)]
        demo: bool,
    },
    /// Administration.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Print the OpenAPI document.
    Openapi,
}

#[derive(Subcommand)]
pub enum AdminAction {
    /// Make a user an administrator.
    Grant { username: String },
    /// Take administrator rights away.
    Revoke { username: String },
}
