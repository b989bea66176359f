//! The migrations each backend runs, carried in the binary (the list is written by build.rs), read as
//! `sqlx::migrate!` reads a folder: `NNNN_description.sql`, the version from the number, the checksum from the
//! text, so databases migrated before keep their recorded checksums.

use std::{borrow::Cow, sync::LazyLock};

use sqlx::migrate::{Migration, MigrationType, Migrator};

use super::Backend;

mod files {
    include!(concat!(env!("OUT_DIR"), "/migrations.rs"));
}

static SQLITE: LazyLock<Migrator> = LazyLock::new(|| migrator(files::SQLITE));
static POSTGRES: LazyLock<Migrator> = LazyLock::new(|| migrator(files::POSTGRES));

pub fn for_backend(backend: Backend) -> &'static Migrator {
    match backend {
        Backend::Sqlite => &SQLITE,
        Backend::Postgres => &POSTGRES,
    }
}

/// `Migrator::DEFAULT` is what `sqlx::migrate!` builds on too: its settings with these migrations.
fn migrator(files: &'static [(i64, &'static str, &'static str)]) -> Migrator {
    let migrations = files
        .iter()
        .map(|&(version, rest, sql)| {
            let kind = MigrationType::from_filename(rest);
            let description = rest.trim_end_matches(kind.suffix()).replace('_', " ");
            Migration::new(version, description.into(), kind, Cow::Borrowed(sql), sql.starts_with("-- no-transaction"))
        })
        .collect();
    Migrator { migrations: Cow::Owned(migrations), ..Migrator::DEFAULT }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_backends_have_the_same_versions_in_order() {
        let versions = |m: &Migrator| m.iter().map(|m| (m.version, m.description.to_string())).collect::<Vec<_>>();
        let sqlite = versions(for_backend(Backend::Sqlite));
        assert_eq!(sqlite, versions(for_backend(Backend::Postgres)));
        assert_eq!(sqlite.first(), Some(&(1, "accounts".to_string())));
        assert!(sqlite.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
