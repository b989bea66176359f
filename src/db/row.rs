//! Rows read by column name. `from_row!` writes the `FromRow` that `#[derive(sqlx::FromRow)]` would, without
//! sqlx's proc macros: those compile both database drivers (SQLite's C source included) a second time, for the
//! compiler, in every clean build.

/// `from_row!(Row { field, nested: flatten, kind: "type" })`: each field read from the column of its name, from
/// the named column, or (`flatten`) as a row type of its own from the same row. The struct literal it builds
/// names every field, so a field left out of the list does not compile.
#[macro_export]
macro_rules! from_row {
    ($name:ident { $($field:ident $(: $how:tt)?),* $(,)? }) => {
        impl<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> for $name {
            fn from_row(row: &'r sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
                Ok(Self { $($field: $crate::from_row!(@column row, $field $(, $how)?)),* })
            }
        }
    };
    (@column $row:ident, $field:ident) => { sqlx::Row::try_get($row, stringify!($field))? };
    (@column $row:ident, $field:ident, flatten) => { sqlx::FromRow::from_row($row)? };
    (@column $row:ident, $field:ident, $column:literal) => { sqlx::Row::try_get($row, $column)? };
}
