//! The command line: `grow [serve] | migrate | seed --demo | admin grant|revoke|unsuspend USERNAME | openapi | jobs run NAME`.

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
    /// Make a consistent copy of the data while Grow serves (SQLite database and uploaded files).
    Backup { dir: std::path::PathBuf },
    /// Put a backup into an empty data dir.
    Restore { dir: std::path::PathBuf },
    /// Copy everything from the embedded database into an empty PostgreSQL database.
    MoveTo { database_url: String },
    /// Background jobs.
    Jobs {
        #[command(subcommand)]
        action: JobsAction,
    },
}

#[derive(Subcommand)]
pub enum JobsAction {
    /// Run one round of a job now (`cleanup`).
    Run { name: String },
    /// List the jobs.
    List,
}

#[derive(Subcommand)]
pub enum AdminAction {
    /// Make a user an administrator.
    Grant { username: String },
    /// Take administrator rights away.
    Revoke { username: String },
    /// Lift an administrator's suspension: the user may log in again.
    Unsuspend { username: String },
    /// Give a user coins, through the ledger (support, prizes, test set-ups).
    GiveCoins { username: String, amount: i64 },
}
