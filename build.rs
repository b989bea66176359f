// The release binary embeds web/dist: rebuild it when the built app changes.
fn main() {
    println!("cargo:rerun-if-changed=web/dist");
    println!("cargo:rerun-if-changed=migrations");
}
