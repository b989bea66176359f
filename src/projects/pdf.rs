//! The project summary as a PDF (API.md "PDF"), written with `pdf-writer`: a small, dependency-free
//! writer (a clean build adds seconds, not minutes) using the PDF standard fonts, so nothing is
//! embedded. The standard fonts speak WinAnsi (Western European); a character beyond it is shown as
//! '?'. User text is only ever a string operand, escaped by the writer, never content syntax.

use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str, TextStr};

pub struct Summary<'a> {
    pub title: &'a str,
    pub owner: &'a str,
    pub category: &'a str,
    pub phase: &'a str,
    pub phase_progress: i64,
    pub description: &'a str,
    pub looking_for: &'a [String],
    pub supporters: i64,
    pub collaborators: i64,
    pub tasks_done: i64,
    pub tasks_total: i64,
    /// Newest first: (title, date, content).
    pub updates: Vec<(String, String, String)>,
    pub generated_on: &'a str,
}

const PAGE_W: f32 = 595.0;
const PAGE_H: f32 = 842.0;
const MARGIN: f32 = 56.0;
const REGULAR: Name = Name(b"F1");
const BOLD: Name = Name(b"F2");

/// Helvetica's advance widths (per 1000 units) for ASCII 32-126.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
    556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
    260, 334, 584,
];

/// A character in WinAnsiEncoding, or '?' when the standard fonts cannot show it.
fn win_ansi(c: char) -> u8 {
    match c {
        ' '..='~' => c as u8,
        '\u{a0}'..='\u{ff}' => c as u32 as u8,
        '€' => 0x80,
        '…' => 0x85,
        '‘' => 0x91,
        '’' => 0x92,
        '“' => 0x93,
        '”' => 0x94,
        '•' => 0x95,
        '–' => 0x96,
        '—' => 0x97,
        '™' => 0x99,
        '\t' => b' ',
        _ => b'?',
    }
}

fn width(text: &str, size: f32, bold: bool) -> f32 {
    let units: f32 = text
        .chars()
        .map(|c| match c {
            ' '..='~' => f32::from(HELVETICA[(c as usize) - 32]),
            _ => 556.0,
        })
        .sum();
    units * size / 1000.0 * if bold { 1.06 } else { 1.0 }
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
    done: Vec<Content>,
    current: Content,
    y: f32,
}

impl Writer {
    fn new() -> Self {
        Self { done: Vec::new(), current: Content::new(), y: PAGE_H - MARGIN }
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
        let bytes: Vec<u8> = text.chars().map(win_ansi).collect();
        let page = self.page();
        page.set_fill_rgb(rgb.0, rgb.1, rgb.2);
        page.begin_text();
        page.set_font(if bold { BOLD } else { REGULAR }, size);
        page.next_line(x, y);
        page.show(Str(&bytes));
        page.end_text();
    }

    /// A wrapped paragraph at the left margin.
    fn paragraph(&mut self, text: &str, size: f32, bold: bool, rgb: (f32, f32, f32)) {
        let leading = size * 1.4;
        for line in wrap(text, size, bold, PAGE_W - 2.0 * MARGIN) {
            self.room(leading);
            self.y -= leading;
            let y = self.y;
            self.text_at(MARGIN, y, &line, size, bold, rgb);
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
        let lines = wrap(value, 10.5, false, PAGE_W - 2.0 * MARGIN - 110.0);
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                self.room(15.0);
                self.y -= 15.0;
            }
            let y = self.y;
            self.text_at(MARGIN + 110.0, y, line, 10.5, false, INK);
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
pub fn render(summary: &Summary<'_>) -> Vec<u8> {
    let mut w = Writer::new();
    // The band across the top with the title.
    let title_lines = wrap(summary.title, 22.0, true, PAGE_W - 2.0 * MARGIN);
    let band = 64.0 + 28.0 * title_lines.len() as f32;
    {
        let page = w.page();
        page.set_fill_rgb(PURPLE.0, PURPLE.1, PURPLE.2);
        page.rect(0.0, PAGE_H - band, PAGE_W, band);
        page.fill_nonzero();
    }
    w.text_at(MARGIN, PAGE_H - 40.0, "GROW  ·  PROJECT SUMMARY", 9.5, true, WHITE);
    for (i, line) in title_lines.iter().enumerate() {
        w.text_at(MARGIN, PAGE_H - 72.0 - 28.0 * i as f32, line, 22.0, true, WHITE);
    }
    w.y = PAGE_H - band - 8.0;

    w.field("Owner", summary.owner);
    w.field("Category", &capitalised(summary.category));
    w.field("Phase", &format!("{} ({}% of the way)", capitalised(summary.phase), summary.phase_progress));
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
        if summary.description.trim().is_empty() { "No description provided" } else { summary.description };
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

    assemble(summary.title, w.into_pages())
}

fn assemble(title: &str, pages: Vec<Content>) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let first_page = 6;
    let page_ids: Vec<Ref> = (0..pages.len()).map(|i| Ref::new(first_page + 2 * i as i32)).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids(page_ids.iter().copied()).count(page_ids.len() as i32);
    pdf.type1_font(regular).base_font(Name(b"Helvetica")).encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold).base_font(Name(b"Helvetica-Bold")).encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.document_info(info).title(TextStr(title)).creator(TextStr("Grow"));
    for (content, page_id) in pages.into_iter().zip(&page_ids) {
        let content_id = Ref::new(page_id.get() + 1);
        let mut page = pdf.page(*page_id);
        page.parent(tree).media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H)).contents(content_id);
        let mut resources = page.resources();
        resources.fonts().pair(REGULAR, regular).pair(BOLD, bold);
        drop(resources);
        drop(page);
        pdf.stream(content_id, &content.finish());
    }
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
            title: "Solar (kiosk) \\ network",
            owner: "Amara Okafor",
            category: "technology",
            phase: "prototype",
            phase_progress: 60,
            description: &long,
            looking_for: &["Collaborator".into()],
            supporters: 12,
            collaborators: 2,
            tasks_done: 3,
            tasks_total: 5,
            updates,
            generated_on: "23 Nov 2026",
        });
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        let count: String = text.split("/Count ").nth(1).unwrap().chars().take_while(char::is_ascii_digit).collect();
        assert!(count.parse::<i32>().unwrap() >= 2, "{count} pages");
        // User text stays inside its string operand: balanced parentheses are kept, a backslash escaped.
        assert!(text.contains("(Solar (kiosk) \\\\ network) Tj"), "{}", &text[..2000.min(text.len())]);
    }

    #[test]
    fn lines_fit_the_width() {
        for line in wrap(&"word ".repeat(100), 11.0, false, 300.0) {
            assert!(width(&line, 11.0, false) <= 300.0);
        }
        assert_eq!(wrap("Zoë – “quoted”", 11.0, false, 500.0), ["Zoë – “quoted”"]);
        assert_eq!(win_ansi('ë'), 0xeb);
        assert_eq!(win_ansi('日'), b'?');
    }
}
