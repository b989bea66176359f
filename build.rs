// Two jobs before the crate compiles:
// - The migrations, listed for src/db/migrations.rs: each file's name and its text (include_str!, so the binary
//   carries them). sqlx's `migrate!` would do the same through sqlx's proc macros, which compile both database
//   drivers a second time.
// - The release binary embeds web/dist: rebuild it when the built app changes. A debug build reads web/dist from
//   disk at run time (rust-embed's debug mode), so watching it there would recompile the crate after every web
//   build.
use std::{env, fmt::Write, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=migrations");
    if env::var("PROFILE").as_deref() == Ok("release") {
        println!("cargo:rerun-if-changed=web/dist");
    }
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut code = String::new();
    for backend in ["sqlite", "postgres"] {
        let folder = Path::new(&root).join("migrations").join(backend);
        println!("cargo:rerun-if-changed={}", folder.display());
        let mut names: Vec<String> = fs::read_dir(&folder)
            .expect("migrations folder")
            .map(|entry| entry.expect("migration file").file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".sql"))
            .collect();
        names.sort();
        // (version, the rest of the name, the text): a file named otherwise stops the build here.
        writeln!(code, "pub const {}: &[(i64, &str, &str)] = &[", backend.to_uppercase()).unwrap();
        for name in names {
            let (version, rest) = name.split_once('_').unwrap_or_else(|| panic!("{name}: not NNNN_description.sql"));
            let version: i64 = version.parse().unwrap_or_else(|_| panic!("{name}: no version number first"));
            let path = folder.join(&name);
            writeln!(code, "    ({version}, {rest:?}, include_str!({:?})),", path.display().to_string()).unwrap();
        }
        writeln!(code, "];").unwrap();
    }
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("migrations.rs");
    fs::write(out, code).expect("write the migration list");
}
