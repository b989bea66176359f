//! The project summary as a PDF (API.md "PDF"), written with `pdf-writer` (a small writer: a clean build adds
//! seconds, not minutes). Text in any script is shaped and drawn in embedded font subsets (`fonts`). User text
//! only ever becomes glyph ids and an escaped string, never content syntax.

mod fonts;

use pdf_writer::{Content, Pdf, Rect, Ref, TextStr};

pub struct Summary {
    pub title: String,
    pub owner: String,
    pub category: String,
    pub phase: String,
    pub phase_progress: i64,
    pub description: String,
    pub looking_for: Vec<String>,
    pub supporters: i64,
    pub collaborators: i64,
    pub tasks_done: i64,
    pub tasks_total: i64,
    /// Newest first: (title, date, content).
    pub updates: Vec<(String, String, String)>,
    pub generated_on: String,
}

const PAGE_W: f32 = 595.0;
const PAGE_H: f32 = 842.0;
const MARGIN: f32 = 56.0;

/// The width of a line of text in points.
fn width(text: &str, size: f32, bold: bool) -> f32 {
    fonts::layout(text, size, bold).width
}

/// Breaks a paragraph into lines that fit `max` points (a word longer than a line is cut).
fn wrap(text: &str, size: f32, bold: bool, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if width(&candidate, size, bold) <= max {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let mut piece = String::new();
            for c in word.chars() {
                piece.push(c);
                if width(&piece, size, bold) > max {
                    piece.pop();
                    lines.push(std::mem::take(&mut piece));
                    piece.push(c);
                }
            }
            line = piece;
        }
        lines.push(line);
    }
    lines
}

/// Pages of content, starting a new one when the cursor reaches the bottom margin.
struct Writer {
    fonts: fonts::Embedder,
    done: Vec<Content>,
    current: Content,
    y: f32,
}

impl Writer {
    fn new() -> Self {
        Self { fonts: fonts::Embedder::default(), done: Vec::new(), current: Content::new(), y: PAGE_H - MARGIN }
    }

    fn page(&mut self) -> &mut Content {
        &mut self.current
    }

    fn room(&mut self, height: f32) {
        if self.y - height < MARGIN {
            self.done.push(std::mem::replace(&mut self.current, Content::new()));
            self.y = PAGE_H - MARGIN;
        }
    }

    fn into_pages(mut self) -> Vec<Content> {
        self.done.push(self.current);
        self.done
    }

    fn text_at(&mut self, x: f32, y: f32, text: &str, size: f32, bold: bool, rgb: (f32, f32, f32)) {
        self.line_at(x, y, &fonts::layout(text, size, bold), rgb);
    }

    fn line_at(&mut self, x: f32, y: f32, line: &fonts::Line, rgb: (f32, f32, f32)) {
        self.current.set_fill_rgb(rgb.0, rgb.1, rgb.2);
        self.fonts.draw(&mut self.current, line, x, y);
    }

    /// A line in a column `(x, room)` (`room` points wide): right-aligned when its paragraph reads right to left.
    fn line_in(&mut self, (x, room): (f32, f32), y: f32, text: &str, size: f32, bold: bool, rgb: (f32, f32, f32)) {
        let line = fonts::layout(text, size, bold);
        let x = if fonts::reads_right_to_left(text) { x + (room - line.width).max(0.0) } else { x };
        self.line_at(x, y, &line, rgb);
    }

    /// A wrapped paragraph at the left margin.
    fn paragraph(&mut self, text: &str, size: f32, bold: bool, rgb: (f32, f32, f32)) {
        let leading = size * 1.4;
        let room = PAGE_W - 2.0 * MARGIN;
        for line in wrap(text, size, bold, room) {
            self.room(leading);
            self.y -= leading;
            let y = self.y;
            self.line_in((MARGIN, room), y, &line, size, bold, rgb);
        }
    }

    fn gap(&mut self, points: f32) {
        self.y -= points;
    }

    fn heading(&mut self, text: &str) {
        self.room(40.0);
        self.gap(14.0);
        self.paragraph(text, 13.0, true, PURPLE);
        self.gap(2.0);
    }

    /// "Label: value" on one line (the value wraps beneath when long).
    fn field(&mut self, label: &str, value: &str) {
        self.room(16.0);
        self.y -= 16.0;
        let y = self.y;
        self.text_at(MARGIN, y, label, 10.5, true, GREY);
        let room = PAGE_W - 2.0 * MARGIN - 110.0;
        let lines = wrap(value, 10.5, false, room);
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                self.room(15.0);
                self.y -= 15.0;
            }
            let y = self.y;
            self.line_in((MARGIN + 110.0, room), y, line, 10.5, false, INK);
        }
    }

    fn bar(&mut self, fraction: f32) {
        self.room(18.0);
        self.y -= 14.0;
        let (x, y, w) = (MARGIN + 110.0, self.y, PAGE_W - 2.0 * MARGIN - 110.0);
        let page = self.page();
        page.set_fill_rgb(0.91, 0.89, 0.96);
        page.rect(x, y, w, 6.0);
        page.fill_nonzero();
        page.set_fill_rgb(PURPLE.0, PURPLE.1, PURPLE.2);
        page.rect(x, y, w * fraction.clamp(0.0, 1.0), 6.0);
        page.fill_nonzero();
    }
}

const INK: (f32, f32, f32) = (0.11, 0.1, 0.15);
const GREY: (f32, f32, f32) = (0.4, 0.39, 0.45);
const PURPLE: (f32, f32, f32) = (0.45, 0.25, 0.8);
const WHITE: (f32, f32, f32) = (1.0, 1.0, 1.0);

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Writes the summary; the PDF's bytes.
pub fn render(summary: &Summary) -> Vec<u8> {
    let mut w = Writer::new();
    // The band across the top with the title.
    let title_lines = wrap(&summary.title, 22.0, true, PAGE_W - 2.0 * MARGIN);
    let band = 64.0 + 28.0 * title_lines.len() as f32;
    {
        let page = w.page();
        page.set_fill_rgb(PURPLE.0, PURPLE.1, PURPLE.2);
        page.rect(0.0, PAGE_H - band, PAGE_W, band);
        page.fill_nonzero();
    }
    w.text_at(MARGIN, PAGE_H - 40.0, "GROW  ·  PROJECT SUMMARY", 9.5, true, WHITE);
    for (i, line) in title_lines.iter().enumerate() {
        let y = PAGE_H - 72.0 - 28.0 * i as f32;
        w.line_in((MARGIN, PAGE_W - 2.0 * MARGIN), y, line, 22.0, true, WHITE);
    }
    w.y = PAGE_H - band - 8.0;

    w.field("Owner", &summary.owner);
    w.field("Category", &capitalised(&summary.category));
    w.field("Phase", &format!("{} ({}% of the way)", capitalised(&summary.phase), summary.phase_progress));
    w.bar(summary.phase_progress as f32 / 100.0);
    let looking_for =
        if summary.looking_for.is_empty() { "Nobody yet".to_string() } else { summary.looking_for.join(", ") };
    w.field("Looking for", &looking_for);
    w.field("Supporters", &summary.supporters.to_string());
    w.field("Collaborators", &summary.collaborators.to_string());
    let progress = if summary.tasks_total == 0 {
        "No tasks yet".to_string()
    } else {
        format!(
            "{} of {} tasks completed ({}%)",
            summary.tasks_done,
            summary.tasks_total,
            summary.tasks_done * 100 / summary.tasks_total
        )
    };
    w.field("Task progress", &progress);
    if summary.tasks_total > 0 {
        w.bar(summary.tasks_done as f32 / summary.tasks_total as f32);
    }

    w.heading("About the project");
    let description =
        if summary.description.trim().is_empty() { "No description provided" } else { &summary.description };
    w.paragraph(description, 11.0, false, INK);

    w.heading("Latest updates");
    if summary.updates.is_empty() {
        w.paragraph("No updates yet.", 11.0, false, GREY);
    }
    for (title, date, content) in &summary.updates {
        w.gap(4.0);
        w.paragraph(title, 11.5, true, INK);
        w.paragraph(date, 9.0, false, GREY);
        w.paragraph(content, 10.5, false, INK);
    }
    w.gap(18.0);
    w.paragraph(&format!("Generated by Grow on {}", summary.generated_on), 8.5, false, GREY);

    // Subsetting the fonts is the longest step: a summary whose request has gone is not finished (nobody reads it).
    if crate::cpu_line::caller_gone() {
        return Vec::new();
    }
    let fonts = std::mem::take(&mut w.fonts);
    assemble(&summary.title, w.into_pages(), &fonts)
}

fn assemble(title: &str, pages: Vec<Content>, fonts: &fonts::Embedder) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let info = Ref::new(3);
    let first_page = 4;
    let page_ids: Vec<Ref> = (0..pages.len()).map(|i| Ref::new(first_page + 2 * i as i32)).collect();
    let first_font = first_page + 2 * pages.len() as i32;
    let resources = fonts.resources(first_font);
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids(page_ids.iter().copied()).count(page_ids.len() as i32);
    pdf.document_info(info).title(TextStr(title)).creator(TextStr("Grow"));
    for (content, page_id) in pages.into_iter().zip(&page_ids) {
        let content_id = Ref::new(page_id.get() + 1);
        let mut page = pdf.page(*page_id);
        page.parent(tree).media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H)).contents(content_id);
        page.resources().fonts().pairs(resources.iter().copied());
        drop(page);
        pdf.stream(content_id, &fonts::deflate(&content.finish())).filter(pdf_writer::Filter::FlateDecode);
    }
    fonts.write(&mut pdf, first_font);
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_wraps_and_flows_onto_more_pages() {
        let long = "A sentence that goes on. ".repeat(400);
        let updates = vec![("First (of many)".to_string(), "1 Nov 2026".to_string(), long.clone())];
        let pdf = render(&Summary {
            title: "Solar (kiosk) \\ network".into(),
            owner: "Amara Okafor".into(),
            category: "technology".into(),
            phase: "prototype".into(),
            phase_progress: 60,
            description: long.clone(),
            looking_for: vec!["Collaborator".into()],
            supporters: 12,
            collaborators: 2,
            tasks_done: 3,
            tasks_total: 5,
            updates,
            generated_on: "23 Nov 2026".into(),
        });
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        let count: String = text.split("/Count ").nth(1).unwrap().chars().take_while(char::is_ascii_digit).collect();
        assert!(count.parse::<i32>().unwrap() >= 2, "{count} pages");
        // User text is glyph ids in the page and an escaped string in the document's title.
        assert!(text.contains(r"/Title (Solar (kiosk) \\ network)"), "{}", &text[..2000.min(text.len())]);
        assert!(text.contains("/FontFile2"), "the font is embedded");
    }

    #[test]
    fn lines_fit_the_width() {
        for line in wrap(&"word ".repeat(100), 11.0, false, 300.0) {
            assert!(width(&line, 11.0, false) <= 300.0);
        }
        assert_eq!(wrap("Zoë – “quoted”", 11.0, false, 500.0), ["Zoë – “quoted”"]);
    }
}
