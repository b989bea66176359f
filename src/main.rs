use anyhow::Context;
use clap::Parser;
use grow::{
    accounts::{rules, store},
    app,
    cli::{AdminAction, Cli, Command},
    config::Config,
    db::Db,
    seed,
};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn,tower_http=warn".into()),
        )
        .init();
    let cli = Cli::parse();
    let mut config = Config::from_env()?;
    match cli.command.unwrap_or(Command::Serve { demo: false }) {
        Command::Serve { demo } => {
            config.seed_demo |= demo;
            tracing::info!(?config, "starting");
            let running = app::start(config).await?;
            tracing::info!("Grow is listening on http://{}", running.addr);
            running.task.await?.context("server")?;
        }
        Command::Migrate => {
            open_db(&config).await?;
            println!("migrations applied");
        }
        Command::Seed { demo } => {
            anyhow::ensure!(demo, "say what to seed: grow seed --demo");
            let db = open_db(&config).await?;
            match seed::demo_if_empty(&db).await? {
                0 => println!("the database already has users; nothing seeded"),
                n => println!("seeded {n} demo people"),
            }
        }
        Command::Admin { action } => {
            let db = open_db(&config).await?;
            let (username, grant) = match &action {
                AdminAction::Grant { username } => (username, true),
                AdminAction::Revoke { username } => (username, false),
            };
            anyhow::ensure!(
                store::set_admin(&db, &rules::username_key(username), grant).await?,
                "no user named {username}"
            );
            println!("{username} is {}an administrator", if grant { "now " } else { "no longer " });
        }
        Command::Openapi => println!("{}", app::openapi_document().to_pretty_json()?),
    }
    Ok(())
}

async fn open_db(config: &Config) -> anyhow::Result<Db> {
    std::fs::create_dir_all(&config.data_dir)?;
    let db = Db::connect(&config.database_url()).await?;
    db.migrate().await?;
    Ok(db)
}
