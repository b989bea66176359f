//! The server's layers, read from its `use` lines (issue 44, "Layers that cannot circle"): no file of `src/` reaches
//! itself again through `crate::` and `super::` paths, the platform (the database, errors, time, text, the network,
//! counters) uses nothing above it, and nothing but the binary's entry points uses the HTTP edge.
//!
//! A circle makes every file in it change with every other and hides which part owns what; in one crate the
//! compiler allows it, so this test is where it fails.

use std::{
    collections::{BTreeMap, BTreeSet},
    fs,
    path::{Path, PathBuf},
};

/// The platform: what every area stands on. It may use only itself.
const PLATFORM: &[&str] =
    &["db", "error", "time", "text", "sync", "net", "cpu_line", "memory", "metrics", "prepared", "per_person"];
/// The HTTP edge and the binary's entry points: nothing below them may use them.
const EDGE: &[&str] = &["app", "edge", "openapi", "cli", "ops", "main"];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file: `src/chat/store.rs` is `chat::store`, `src/chat/mod.rs` is `chat`.
fn module_of(file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src()).expect("a file under src/").with_extension("");
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The file holding the module at `path` (its longest prefix that is a file: `crate::chat::store::insert` is
/// `src/chat/store.rs`).
fn file_of(path: &[String]) -> Option<PathBuf> {
    (1..=path.len()).rev().find_map(|n| {
        let base = path[..n].iter().fold(src(), |dir, part| dir.join(part));
        [base.with_extension("rs"), base.join("mod.rs")].into_iter().find(|f| f.is_file())
    })
}

/// The text without comments (a path named in a doc comment is no import).
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
        } else if let Some(after) = rest.strip_prefix("'\"'") {
            // The quote character itself, not the start of a string.
            out.push_str("' '");
            rest = after;
        } else if let Some(after) = rest.strip_prefix("r#\"") {
            rest = after.find("\"#").map_or("", |end| &after[end + 2..]);
            out.push_str("\"\"");
        } else if rest.starts_with('"') {
            // A string's contents (SQL, messages) are no paths either.
            let bytes = rest.as_bytes();
            let mut i = 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            rest = rest.get(i + 1..).unwrap_or("");
        } else {
            let c = rest.chars().next().expect("not empty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The text without its `#[cfg(test)]` modules: a test's `use super::*` is the tested file itself, and tests sit
/// on top of what they test. (Run on text without comments and strings, so every brace is code.)
fn without_tests(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let is_module = after["#[cfg(test)]".len()..].trim_start().starts_with("mod ");
        let Some(open) = after.find('{').filter(|_| is_module) else {
            out.push_str("#[cfg(test)]");
            rest = &after["#[cfg(test)]".len()..];
            continue;
        };
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Reads a path from `text` (after its `crate::` or `super::`): its segments, branching at each `{…}` group into
/// every item of it. Returns where the path ended.
fn read_path(text: &[char], mut i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix;
    loop {
        while i < text.len() && text[i].is_whitespace() {
            i += 1;
        }
        if i < text.len() && text[i] == '{' {
            i += 1;
            loop {
                while i < text.len() && (text[i].is_whitespace() || text[i] == ',') {
                    i += 1;
                }
                if i >= text.len() || text[i] == '}' {
                    return i + 1;
                }
                i = read_path(text, i, path.clone(), out);
                // Skip an `as name` and anything else up to the next item.
                while i < text.len() && text[i] != ',' && text[i] != '}' {
                    i += 1;
                }
            }
        }
        let start = i;
        while i < text.len() && is_ident(text[i]) {
            i += 1;
        }
        let segment: String = text[start..i].iter().collect();
        if !segment.is_empty() && segment != "self" {
            path.push(segment);
        }
        if text.get(i) == Some(&':') && text.get(i + 1) == Some(&':') {
            i += 2;
        } else {
            out.push(path);
            return i;
        }
    }
}

/// Each file and the files its `crate::` and `super::` paths lead to.
fn graph() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut edges = BTreeMap::new();
    for file in files {
        let here = module_of(&file);
        let text = without_tests(&without_comments(&fs::read_to_string(&file).expect("a readable file")));
        let text: Vec<char> = text.chars().collect();
        let mut paths = Vec::new();
        let mut i = 0;
        while i < text.len() {
            let starts_word = i == 0 || !is_ident(text[i - 1]);
            let rest = || text[i..].iter().take(7).collect::<String>();
            if starts_word && rest().starts_with("crate::") {
                i = read_path(&text, i + 7, Vec::new(), &mut paths);
            } else if starts_word && rest().starts_with("super::") {
                // `super` of a file module is its folder; of a folder's mod.rs, the folder above.
                let mut base = here.clone();
                while text[i..].iter().take(7).collect::<String>() == "super::" {
                    base.pop();
                    i += 7;
                }
                i = read_path(&text, i, base, &mut paths);
            } else {
                i += 1;
            }
        }
        let targets = paths.iter().filter_map(|p| file_of(p)).filter(|t| *t != file).collect();
        edges.insert(file, targets);
    }
    edges
}

/// The circles: sets of two or more files that reach each other (Tarjan's strongly connected components).
fn circles(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        found: Vec<Vec<PathBuf>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a PathBuf) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.edges.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    component.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk { edges, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for v in edges.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found
}

fn top(file: &Path) -> String {
    module_of(file).first().cloned().unwrap_or_else(|| "lib".into())
}

fn shown(file: &Path) -> String {
    file.strip_prefix(src().parent().expect("the repository")).unwrap_or(file).display().to_string()
}

#[test]
fn no_file_of_the_server_reaches_itself_through_its_imports() {
    let edges = graph();
    assert!(edges.len() > 100, "the server's files were not found ({} read)", edges.len());
    let found: Vec<String> =
        circles(&edges).iter().map(|c| c.iter().map(|f| shown(f)).collect::<Vec<_>>().join(", ")).collect();
    assert!(found.is_empty(), "import circles among the server's files:\n{}", found.join("\n"));
}

#[test]
fn the_platform_uses_nothing_above_it_and_nothing_below_the_edge_uses_the_edge() {
    let mut upward = Vec::new();
    for (file, targets) in graph() {
        let from = top(&file);
        for target in targets {
            let to = top(&target);
            if PLATFORM.contains(&from.as_str()) && !PLATFORM.contains(&to.as_str()) {
                upward.push(format!("{} (platform) uses {}", shown(&file), shown(&target)));
            }
            if EDGE.contains(&to.as_str()) && !EDGE.contains(&from.as_str()) && from != "lib" {
                upward.push(format!("{} uses the edge's {}", shown(&file), shown(&target)));
            }
        }
    }
    assert!(upward.is_empty(), "imports that run up the layers:\n{}", upward.join("\n"));
}

#[test]
fn the_reader_finds_grouped_nested_and_parent_paths() {
    let text: Vec<char> =
        without_comments("use crate::{a::b, c::{d, e as f}}; // crate::gone\nlet x = \"crate::in_a_string\";")
            .chars()
            .collect();
    let mut paths = Vec::new();
    let start = text.iter().collect::<String>().find("crate::").expect("a path") + 7;
    read_path(&text, start, Vec::new(), &mut paths);
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(joined, ["a::b", "c::d", "c::e"]);
    assert!(!text.iter().collect::<String>().contains("gone"));
    assert!(!text.iter().collect::<String>().contains("in_a_string"));
    let tested = without_tests(
        "use crate::kept;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    fn f() { if x { y } }\n}\nfn after() {}",
    );
    assert_eq!(tested, "use crate::kept;\n\nfn after() {}");
}
