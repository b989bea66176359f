//! The built React app (`web/dist`), embedded in the binary and served for every non-API path so
//! the client-side router owns them. Hashed assets are cached for a year; `index.html` and
//! `/sw.js` are always revalidated.

use axum::{
    http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri},
    response::{IntoResponse, Response},
};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "$CARGO_MANIFEST_DIR/web/dist"]
#[allow_missing = true]
struct Assets;

const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\" /><title>Grow</title></head>\
    <body><p>The web app is not built yet. Run <code>npm run build</code> in <code>web/</code>, then rebuild the server.\
    </p></body></html>";

/// `/robots.txt`: shared project pages may be indexed, the API may not.
pub const ROBOTS: &str = "User-agent: *\nAllow: /project/\nAllow: /join/\nDisallow: /api/\n";

/// Every non-API path: a file of the built app, or the app's page with Grow's own link-preview tags (the address
/// people reach the app at, `public_url`, makes their picture's and page's addresses absolute).
pub async fn serve_app(method: Method, uri: Uri, headers: HeaderMap, public_url: &str) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return crate::error::AppError::NotFound("Page").into_response();
    }
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty() {
        if let Some(file) = asset(path) {
            return file_response(path, file, &headers);
        }
        // A missing file (it has an extension) is a 404, not the app: a stale asset must not
        // receive HTML that the browser would then try to run.
        let last = path.rsplit('/').next().unwrap_or_default();
        if last.contains('.') {
            return (StatusCode::NOT_FOUND, "Not found").into_response();
        }
    }
    app_page(&LinkPreview::generic(public_url), &headers)
}

/// What a link to a page shows when shared in another app: Open Graph and Twitter card tags, and the title.
pub struct LinkPreview {
    pub title: String,
    pub description: String,
    /// An absolute address.
    pub image: String,
    /// An absolute address.
    pub url: String,
    /// `og:type`: `website`, or `article` for one project.
    pub kind: &'static str,
}

const GENERIC_DESCRIPTION: &str = "Grow: a collaboration platform built for creatives, by creatives.";

impl LinkPreview {
    /// Grow's own: for every page that is not a public project's.
    pub fn generic(public_url: &str) -> Self {
        Self {
            title: "Grow".into(),
            description: GENERIC_DESCRIPTION.into(),
            image: Self::card_image(public_url),
            url: format!("{public_url}/"),
            kind: "website",
        }
    }

    /// The 1200x630 Grow card (web/public/link-card.png), for a page without a picture of its own.
    pub fn card_image(public_url: &str) -> String {
        format!("{public_url}/link-card.png")
    }

    fn head(&self) -> String {
        let (title, description) = (escape(&self.title), escape(&self.description));
        let (image, url, kind) = (escape(&self.image), escape(&self.url), self.kind);
        format!(
            "<title>{title}</title>\n    <meta name=\"description\" content=\"{description}\" />\n    \
             <meta property=\"og:site_name\" content=\"Grow\" />\n    <meta property=\"og:type\" content=\"{kind}\" />\n    \
             <meta property=\"og:title\" content=\"{title}\" />\n    \
             <meta property=\"og:description\" content=\"{description}\" />\n    \
             <meta property=\"og:image\" content=\"{image}\" />\n    <meta property=\"og:url\" content=\"{url}\" />\n    \
             <meta name=\"twitter:card\" content=\"summary_large_image\" />\n    \
             <meta name=\"twitter:title\" content=\"{title}\" />\n    \
             <meta name=\"twitter:description\" content=\"{description}\" />\n    \
             <meta name=\"twitter:image\" content=\"{image}\" />\n  "
        )
    }
}

/// Text made safe inside an HTML attribute or element.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The built page with `preview`'s tags in place of its own title and description.
fn with_preview(index: &str, preview: &LinkPreview) -> String {
    let mut page = index.to_string();
    for (start, end) in [("<title>", "</title>"), ("<meta name=\"description\"", ">")] {
        if let Some(from) = page.find(start) {
            if let Some(len) = page[from..].find(end) {
                page.replace_range(from..from + len + end.len(), "");
            }
        }
    }
    match page.find("</head>") {
        Some(at) => page.insert_str(at, &preview.head()),
        None => page.insert_str(0, &preview.head()),
    }
    page
}

/// The app's page (the built `index.html`) carrying `preview`'s tags; revalidated on every visit (its tag names the
/// content, so an unchanged page answers 304).
pub fn app_page(preview: &LinkPreview, request: &HeaderMap) -> Response {
    let index = asset("index.html").map(|(index, _)| String::from_utf8_lossy(&index).into_owned());
    let page = with_preview(index.as_deref().unwrap_or(NOT_BUILT), preview).into_bytes();
    let hash = sha2::Digest::finalize(<sha2::Sha256 as sha2::Digest>::new_with_prefix(&page)).into();
    file_response("index.html", (page, hash), request)
}

/// A file of the app and its SHA-256: the embedded build, or, when `GROW_WEB_DIST` names a folder, that
/// folder's file read now (to try a web build against a server built earlier, as a branch's browser tests do).
fn asset(path: &str) -> Option<(Vec<u8>, [u8; 32])> {
    static DIST: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    let Some(dist) = DIST.get_or_init(|| std::env::var_os("GROW_WEB_DIST").map(Into::into)) else {
        return Assets::get(path).map(|file| (file.data.into_owned(), file.metadata.sha256_hash()));
    };
    let plain = path.split('/').all(|part| !part.is_empty() && part != ".." && part != "." && !part.contains('\\'));
    let data = std::fs::read(dist.join(path)).ok().filter(|_| plain)?;
    let hash = sha2::Digest::finalize(<sha2::Sha256 as sha2::Digest>::new_with_prefix(&data)).into();
    Some((data, hash))
}

fn file_response(path: &str, (data, hash): (Vec<u8>, [u8; 32]), request: &HeaderMap) -> Response {
    let etag = format!("\"{}\"", hash.iter().map(|b| format!("{b:02x}")).take(16).collect::<String>());
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else if path == "index.html" || path == "sw.js" {
        "no-cache"
    } else {
        "public, max-age=3600"
    };
    let mut headers = HeaderMap::new();
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let content_type =
        HeaderValue::from_str(mime.as_ref()).unwrap_or(HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_TYPE, content_type);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    if path == "sw.js" {
        headers.insert("service-worker-allowed", HeaderValue::from_static("/"));
    }
    let unchanged = request.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str());
    if unchanged {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    (headers, data).into_response()
}

/// True when the request has no `Origin`, or its origin is this app's own: the `Host` it was sent
/// to, or `public_url` (a proxy in front may send another `Host`).
pub fn origin_is_own(headers: &HeaderMap, public_url: &str, configured: bool) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let origin = origin.to_str().unwrap_or_default().trim_end_matches('/');
    if !origin.is_empty() && origin.eq_ignore_ascii_case(public_url) {
        return true;
    }
    // Without `GROW_PUBLIC_URL` the app's origin is `http://` and the address it was reached at (bound to 0.0.0.0,
    // the bound address is no one's origin); with it, that origin alone, scheme and all.
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    !configured && !host.is_empty() && origin.eq_ignore_ascii_case(&format!("http://{host}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, host.parse().unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, o.parse().unwrap());
        }
        h
    }

    #[test]
    fn a_preview_replaces_the_pages_title_and_description_and_escapes_what_it_says() {
        let index = "<html><head><meta charset=\"UTF-8\" />\n<meta name=\"description\" content=\"Old\" />\n\
                     <title>Grow</title></head><body></body></html>";
        let preview = LinkPreview {
            title: "Tide \"Clock\" <b>".into(),
            description: "Fish & tides".into(),
            image: "https://grow.example/api/files/a.png".into(),
            url: "https://grow.example/project/7".into(),
            kind: "article",
        };
        let page = with_preview(index, &preview);
        assert_eq!(page.matches("<title>").count(), 1, "{page}");
        assert!(page.contains("<title>Tide &quot;Clock&quot; &lt;b&gt;</title>"), "{page}");
        assert!(!page.contains("Old"), "{page}");
        assert!(page.contains("<meta property=\"og:description\" content=\"Fish &amp; tides\" />"), "{page}");
        assert!(page.contains("<meta property=\"og:image\" content=\"https://grow.example/api/files/a.png\" />"));
        assert!(page.contains("<meta name=\"twitter:card\" content=\"summary_large_image\" />"));
        assert!(page.find("og:url").unwrap() < page.find("</head>").unwrap());
    }

    #[test]
    fn own_origin_is_recognised_whole() {
        let public = "https://grow.example";
        assert!(origin_is_own(&headers(None, "grow.test"), public, true));
        // Behind a proxy that passes its own Host on: the configured public origin is the app's own.
        assert!(origin_is_own(&headers(Some("https://grow.example"), "10.0.0.5:5000"), public, true));
        // Configured, only that origin: not another scheme or the address it was reached at.
        assert!(!origin_is_own(&headers(Some("http://grow.example"), "grow.example"), public, true));
        assert!(!origin_is_own(&headers(Some("http://127.0.0.1:5000"), "127.0.0.1:5000"), public, true));
        // Not configured: http and the address it was reached at.
        let bound = "http://0.0.0.0:5000";
        assert!(origin_is_own(&headers(Some("http://127.0.0.1:5000"), "127.0.0.1:5000"), bound, false));
        assert!(!origin_is_own(&headers(Some("https://127.0.0.1:5000"), "127.0.0.1:5000"), bound, false));
        assert!(!origin_is_own(&headers(Some("https://evil.example"), "127.0.0.1:5000"), bound, false));
        assert!(!origin_is_own(&headers(Some("null"), "127.0.0.1:5000"), bound, false));
    }
}
