// Outside tests, errors are handled, not unwrapped (as in the library).
#![deny(clippy::unwrap_used, clippy::expect_used)]

use anyhow::Context;
use clap::Parser;
use grow::{
    accounts::{rules, store},
    app,
    cli::{AdminAction, Cli, Command, JobsAction},
    config::Config,
    db::Db,
    events::DomainEvent,
    jobs,
    realtime::bridge,
    rewards::ledger,
    seed,
};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let allocator_tuned = grow::memory::tune_allocator();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn,tower_http=warn".into()),
        )
        .init();
    if !allocator_tuned {
        tracing::warn!("the allocator kept its defaults: memory freed after large work may not be returned");
    }
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
            let files = grow::files::FileStore::configured(&config).await?;
            match seed::demo_if_empty(&db, Some(&files)).await? {
                0 => println!("the database already has users; nothing seeded"),
                n => println!("seeded {n} demo people"),
            }
        }
        Command::Admin { action: AdminAction::GiveCoins { username, amount } } => {
            anyhow::ensure!(amount > 0 && amount <= 1_000_000, "the amount must be from 1 to 1000000 coins");
            config.run_jobs = false;
            let state = app::prepare(config, None).await?;
            let Some(user) = store::find_by_login(&mut *state.db.conn().await?, &rules::login_key(&username)).await?
            else {
                anyhow::bail!("no user named {username}")
            };
            let mut tx = state.db.begin().await?;
            let act = format!("admin:{}:{}", user.id, grow::auth::token::generate());
            let balance = ledger::award(&state, &mut tx, user.id, amount, ledger::Reason::Admin, &act, &[])
                .await?
                .balance
                .context("the grant was not written")?;
            tx.commit().await?;
            bridge::notify_from_cli(&state.db, &DomainEvent::BalanceMoved { user_id: user.id, coins: balance.coins })
                .await?;
            println!("{username} now has {} coins ({} earned in all)", balance.coins, balance.lifetime);
        }
        Command::Admin { action: AdminAction::Unsuspend { username } } => {
            let db = open_db(&config).await?;
            let mut tx = db.begin().await?;
            let lifted = store::unsuspend(&mut tx, &rules::login_key(&username)).await?;
            tx.commit().await?;
            anyhow::ensure!(lifted.is_some(), "no user named {username}");
            println!("{username} may log in again");
        }
        Command::Admin { action } => {
            let db = open_db(&config).await?;
            let (username, grant) = match &action {
                AdminAction::Grant { username } => (username, true),
                AdminAction::Revoke { username } => (username, false),
                AdminAction::GiveCoins { .. } | AdminAction::Unsuspend { .. } => anyhow::bail!("handled above"),
            };
            let mut tx = db.begin().await?;
            let user_id = store::set_admin(&mut tx, &rules::login_key(username), grant).await?;
            tx.commit().await?;
            let Some(user_id) = user_id else { anyhow::bail!("no user named {username}") };
            // Running servers drop their cached copy within a second (their open sessions included).
            bridge::notify_from_cli(&db, &DomainEvent::UserChanged { user_id }).await?;
            println!("{username} is {}an administrator", if grant { "now " } else { "no longer " });
        }
        Command::Backup { dir } => {
            let db = open_db(&config).await?;
            println!("{}", grow::ops::backup(&config, &db, &dir).await?);
        }
        Command::Restore { dir } => println!("{}", grow::ops::restore(&config, &dir)?),
        Command::MoveTo { database_url } => {
            let db = open_db(&config).await?;
            println!("{}", grow::ops::move_to(&db, &database_url).await?);
        }
        Command::Openapi => println!("{}", app::openapi_document().to_pretty_json()?),
        Command::Jobs { action: JobsAction::List } => jobs::NAMES.iter().for_each(|name| println!("{name}")),
        Command::Jobs { action: JobsAction::Run { name } } => {
            config.run_jobs = false;
            let state = app::prepare(config, None).await?;
            println!("{name}: {}", jobs::run_once(&name, &state).await?);
        }
    }
    Ok(())
}

async fn open_db(config: &Config) -> anyhow::Result<Db> {
    std::fs::create_dir_all(&config.data_dir)?;
    let db = Db::connect(&config.database_url()).await?;
    db.migrate().await?;
    Ok(db)
}
