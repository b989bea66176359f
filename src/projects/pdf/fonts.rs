//! The fonts of the PDF summary (API.md "PDF"): text in every script people write, shaped (Arabic letters join,
//! right-to-left runs are laid out right to left) and embedded as subsets, never replaced by '?'.
//!
//! Noto Sans (Latin, Greek, Cyrillic), Noto Sans Arabic and Noto Sans Hebrew ride in the binary (`assets/fonts`,
//! 1.6 MB). Chinese, Japanese and Korean come from the system's Noto CJK fonts where installed (Debian's
//! `fonts-noto-cjk`): 20 MB the binary should not carry. A character no font has is drawn as the first font's
//! missing-glyph box, and its text is still in the PDF's text layer.

use std::collections::HashMap;
use std::io::Write;
use std::ops::Range;
use std::sync::LazyLock;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Name, Pdf, Rect, Ref, Str};
use rustybuzz::{ttf_parser, Direction, Face, UnicodeBuffer};
use subsetter::GlyphRemapper;
use unicode_bidi::BidiInfo;

/// Where Debian (and most distributions) put the CJK fonts; the first that opens is used for both weights.
const SYSTEM_CJK: [&str; 3] = [
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
];

struct Font {
    face: Face<'static>,
    data: &'static [u8],
    index: u32,
    bold: bool,
}

impl Font {
    fn em(&self) -> f32 {
        font_em(&self.face)
    }
}

/// The font's design units per em.
fn font_em(face: &Face<'_>) -> f32 {
    face.units_per_em() as f32
}

/// Every font, regular ones before bold ones, each weight in the order a character looks for its glyph.
static FONTS: LazyLock<Vec<Font>> = LazyLock::new(|| {
    let cjk: Option<&'static [u8]> =
        SYSTEM_CJK.iter().find_map(|path| std::fs::read(path).ok()).map(|data| &*Box::leak(data.into_boxed_slice()));
    let mut fonts = Vec::new();
    let mut add = |data: &'static [u8], bold: bool| {
        if let Some(face) = Face::from_slice(data, 0) {
            fonts.push(Font { face, data, index: 0, bold });
        }
    };
    for bold in [false, true] {
        let (latin, arabic, hebrew): (&'static [u8], &'static [u8], &'static [u8]) = if bold {
            (
                include_bytes!("../../../assets/fonts/NotoSans-Bold.ttf"),
                include_bytes!("../../../assets/fonts/NotoSansArabic-Bold.ttf"),
                include_bytes!("../../../assets/fonts/NotoSansHebrew-Bold.ttf"),
            )
        } else {
            (
                include_bytes!("../../../assets/fonts/NotoSans-Regular.ttf"),
                include_bytes!("../../../assets/fonts/NotoSansArabic-Regular.ttf"),
                include_bytes!("../../../assets/fonts/NotoSansHebrew-Regular.ttf"),
            )
        };
        add(latin, bold);
        add(arabic, bold);
        add(hebrew, bold);
        if let Some(cjk) = cjk {
            add(cjk, bold);
        }
    }
    fonts
});

/// One shaped glyph: its id in its font, and where it goes, in font units.
struct Glyph {
    id: u16,
    advance: i32,
    x_offset: i32,
    y_offset: i32,
    /// The text this glyph shows (the first glyph of a cluster carries the cluster), for the text layer.
    text: String,
}

/// Glyphs of one font in one direction, in the order they are drawn (left to right). Right-to-left text is drawn
/// in its visual order with each glyph's text in the font's ToUnicode map, as browsers write PDFs: readers (and
/// `pdftotext`) put it back in reading order. (An ActualText span in reading order made poppler reverse it.)
struct Run {
    font: usize,
    glyphs: Vec<Glyph>,
}

/// A line of text shaped at one size: its runs left to right, and its width in points.
pub struct Line {
    runs: Vec<Run>,
    size: f32,
    pub width: f32,
}

/// The font of a weight that has `c`, preferring `current` (so spaces and digits stay with their neighbours).
fn font_for(c: char, bold: bool, current: Option<usize>) -> usize {
    let has = |i: usize| FONTS[i].face.glyph_index(c).is_some();
    if let Some(i) = current.filter(|&i| has(i)) {
        return i;
    }
    let weight = || (0..FONTS.len()).filter(|&i| FONTS[i].bold == bold);
    weight().find(|&i| has(i)).or_else(|| weight().next()).unwrap_or(0)
}

fn shape(font: usize, text: &str, rtl: bool) -> Run {
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(if rtl { Direction::RightToLeft } else { Direction::LeftToRight });
    buffer.guess_segment_properties();
    let shaped = rustybuzz::shape(&FONTS[font].face, &[], buffer);
    let mut seen = std::collections::HashSet::new();
    let glyphs = shaped
        .glyph_infos()
        .iter()
        .zip(shaped.glyph_positions())
        .map(|(info, position)| {
            let start = info.cluster as usize;
            // The cluster's text ends where the next larger cluster starts (in either direction).
            let end = shaped
                .glyph_infos()
                .iter()
                .map(|other| other.cluster as usize)
                .filter(|&c| c > start)
                .min()
                .unwrap_or(text.len());
            let text = if seen.insert(start) { text[start..end].to_string() } else { String::new() };
            Glyph {
                id: u16::try_from(info.glyph_id).unwrap_or(0),
                advance: position.x_advance,
                x_offset: position.x_offset,
                y_offset: position.y_offset,
                text,
            }
        })
        .collect();
    Run { font, glyphs }
}

/// Shapes one line of text (no line breaks in it) at `size` points.
pub fn layout(text: &str, size: f32, bold: bool) -> Line {
    let mut runs = Vec::new();
    if !text.is_empty() {
        let bidi = BidiInfo::new(text, None);
        for paragraph in &bidi.paragraphs {
            let (levels, visual) = bidi.visual_runs(paragraph, paragraph.range.clone());
            for range in visual {
                let rtl = levels[range.start].is_rtl();
                let mut pieces = by_font(&text[range.clone()], bold);
                if rtl {
                    pieces.reverse();
                }
                for (font, piece) in pieces {
                    let piece = &text[range.start + piece.start..range.start + piece.end];
                    runs.push(shape(font, piece, rtl));
                }
            }
        }
    }
    let width = runs
        .iter()
        .map(|run| {
            let units: i32 = run.glyphs.iter().map(|g| g.advance).sum();
            units as f32 * size / FONTS[run.font].em()
        })
        .sum();
    Line { runs, size, width }
}

/// Whether a paragraph reads right to left (its first strong character is Arabic, Hebrew, …).
pub fn reads_right_to_left(text: &str) -> bool {
    BidiInfo::new(text, None).paragraphs.first().is_some_and(|p| p.level.is_rtl())
}

/// A piece of text split where its characters change font, in reading order.
fn by_font(text: &str, bold: bool) -> Vec<(usize, Range<usize>)> {
    let mut pieces: Vec<(usize, Range<usize>)> = Vec::new();
    for (at, c) in text.char_indices() {
        let current = pieces.last().map(|(font, _)| *font);
        let font = font_for(c, bold, current);
        match pieces.last_mut() {
            Some((last, range)) if *last == font => range.end = at + c.len_utf8(),
            _ => pieces.push((font, at..at + c.len_utf8())),
        }
    }
    pieces
}

/// The fonts a document used: each glyph given its id in the font's subset, with its width and text.
#[derive(Default)]
pub struct Embedder {
    used: HashMap<usize, Used>,
}

#[derive(Default)]
struct Used {
    remapper: GlyphRemapper,
    /// Per new glyph id: its width in thousandths of the size, and its text.
    widths: Vec<f32>,
    texts: Vec<String>,
}

/// The resource names of the fonts in a page (F0, F1, …: one per font of `FONTS`).
const NAMES: [&[u8]; 8] = [b"F0", b"F1", b"F2", b"F3", b"F4", b"F5", b"F6", b"F7"];

impl Embedder {
    fn glyph(&mut self, font: usize, glyph: &Glyph) -> u16 {
        let face = &FONTS[font].face;
        let used = self.used.entry(font).or_default();
        let id = used.remapper.remap(glyph.id);
        let index = usize::from(id);
        if used.widths.len() <= index {
            let advance = face.glyph_hor_advance(ttf_parser::GlyphId(glyph.id)).unwrap_or(0);
            used.widths.resize(index + 1, 0.0);
            used.texts.resize(index + 1, String::new());
            used.widths[index] = f32::from(advance) * 1000.0 / font_em(face);
        }
        if used.texts[index].is_empty() && !glyph.text.is_empty() {
            used.texts[index] = glyph.text.clone();
        }
        id
    }

    /// Draws a shaped line with its left end at (x, y).
    pub fn draw(&mut self, page: &mut Content, line: &Line, x: f32, y: f32) {
        page.begin_text();
        page.next_line(x, y);
        for run in &line.runs {
            page.set_font(Name(NAMES[run.font]), line.size);
            let per_unit = 1000.0 / FONTS[run.font].em();
            let mut pending: Vec<(u16, f32, f32)> = Vec::new();
            let mut rise = 0.0;
            for glyph in &run.glyphs {
                let id = self.glyph(run.font, glyph);
                let width = self.used[&run.font].widths[usize::from(id)];
                let glyph_rise = glyph.y_offset as f32 * per_unit * line.size / 1000.0;
                if glyph_rise != rise {
                    flush(page, &mut pending);
                    page.set_rise(glyph_rise);
                    rise = glyph_rise;
                }
                // TJ moves left by a positive number: back by the offset, then by what the width overshoots.
                let before = -(glyph.x_offset as f32) * per_unit;
                let after = width - glyph.advance as f32 * per_unit - before;
                pending.push((id, before, after));
            }
            flush(page, &mut pending);
            if rise != 0.0 {
                page.set_rise(0.0);
            }
        }
        page.end_text();
    }

    /// The used fonts in the order their objects are written.
    fn in_order(&self) -> Vec<usize> {
        let mut fonts: Vec<usize> = self.used.keys().copied().collect();
        fonts.sort_unstable();
        fonts
    }

    /// The font resources of every page: (name, reference) of each used font.
    pub fn resources(&self, first: i32) -> Vec<(Name<'static>, Ref)> {
        let fonts = self.in_order();
        fonts.iter().enumerate().map(|(i, &font)| (Name(NAMES[font]), Ref::new(first + 5 * i as i32))).collect()
    }

    /// Writes each used font (five objects from `first` on, in the order of `resources`).
    pub fn write(&self, pdf: &mut Pdf, first: i32) {
        for (i, font) in self.in_order().into_iter().enumerate() {
            let base = first + 5 * i as i32;
            let (type0, cid, descriptor, file, cmap) =
                (Ref::new(base), Ref::new(base + 1), Ref::new(base + 2), Ref::new(base + 3), Ref::new(base + 4));
            write_font(pdf, &FONTS[font], &self.used[&font], [type0, cid, descriptor, file, cmap]);
        }
    }
}

/// Writes the pending glyphs as one TJ.
fn flush(page: &mut Content, pending: &mut Vec<(u16, f32, f32)>) {
    if pending.is_empty() {
        return;
    }
    let mut show = page.show_positioned();
    let mut items = show.items();
    for (id, before, after) in pending.drain(..) {
        if before.abs() > 0.01 {
            items.adjust(before);
        }
        items.show(Str(&id.to_be_bytes()));
        if after.abs() > 0.01 {
            items.adjust(after);
        }
    }
}

pub fn deflate(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(6));
    // Writing to memory does not fail.
    let _ = encoder.write_all(data);
    encoder.finish().unwrap_or_default()
}

fn write_font(pdf: &mut Pdf, font: &Font, used: &Used, [type0, cid, descriptor, file, cmap]: [Ref; 5]) {
    let face = &font.face;
    let subset = subsetter::subset(font.data, font.index, &used.remapper).unwrap_or_default();
    let cff = face.tables().cff.is_some();
    // A CFF font is embedded as its bare CFF table (FontFile3/CIDFontType0C), a TrueType font whole (FontFile2).
    let program = if cff {
        ttf_parser::RawFace::parse(&subset, 0)
            .ok()
            .and_then(|raw| raw.table(ttf_parser::Tag::from_bytes(b"CFF ")))
            .map(<[u8]>::to_vec)
            .unwrap_or_default()
    } else {
        subset
    };
    // Subset fonts are named with a tag of six capitals made from what they hold (ISO 32000 9.6.4).
    let postscript = face
        .names()
        .into_iter()
        .find(|name| name.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
        .and_then(|name| name.to_string())
        .unwrap_or_else(|| "NotoSans".to_string());
    let mut hash: u32 = 2166136261;
    for b in postscript.bytes().chain(used.widths.len().to_le_bytes()) {
        hash = (hash ^ u32::from(b)).wrapping_mul(16777619);
    }
    let tag: String = (0..6).map(|i| char::from(b'A' + ((hash >> (i * 5)) % 26) as u8)).collect();
    let name = format!("{tag}+{postscript}");

    let system = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };
    pdf.type0_font(type0)
        .base_font(Name(name.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap);
    let mut cid_font = pdf.cid_font(cid);
    cid_font
        .subtype(if cff { CidFontType::Type0 } else { CidFontType::Type2 })
        .base_font(Name(name.as_bytes()))
        .system_info(system)
        .font_descriptor(descriptor)
        .default_width(0.0);
    if !cff {
        cid_font.cid_to_gid_map_predefined(Name(b"Identity"));
    }
    cid_font.widths().consecutive(0, used.widths.iter().copied());
    drop(cid_font);

    let scale = 1000.0 / font_em(face);
    let bbox = face.global_bounding_box();
    let mut flags = FontFlags::SYMBOLIC;
    flags.set(FontFlags::FORCE_BOLD, font.bold);
    let mut described = pdf.font_descriptor(descriptor);
    described
        .name(Name(name.as_bytes()))
        .flags(flags)
        .bbox(Rect::new(
            f32::from(bbox.x_min) * scale,
            f32::from(bbox.y_min) * scale,
            f32::from(bbox.x_max) * scale,
            f32::from(bbox.y_max) * scale,
        ))
        .italic_angle(0.0)
        .ascent(f32::from(face.ascender()) * scale)
        .descent(f32::from(face.descender()) * scale)
        .cap_height(f32::from(face.capital_height().unwrap_or(face.ascender())) * scale)
        .stem_v(if font.bold { 140.0 } else { 80.0 });
    if cff {
        described.font_file3(file);
    } else {
        described.font_file2(file);
    }
    drop(described);
    let packed = deflate(&program);
    let mut stream = pdf.stream(file, &packed);
    stream.filter(Filter::FlateDecode);
    if cff {
        stream.pair(Name(b"Subtype"), Name(b"CIDFontType0C"));
    }
    drop(stream);

    let mut unicode = UnicodeCmap::new(Name(b"Custom"), system);
    for (id, text) in used.texts.iter().enumerate() {
        if !text.is_empty() {
            unicode.pair_with_multiple(id as u16, text.chars());
        }
    }
    pdf.cmap(cmap, &unicode.finish());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_the_binary_carries_has_glyphs() {
        for word in ["Gdańsk", "Москва", "Αθήνα", "القاهرة", "ירושלים"] {
            let line = layout(word, 12.0, false);
            assert!(line.width > 10.0, "{word}");
            assert!(line.runs.iter().all(|run| run.glyphs.iter().all(|g| g.id != 0)), "{word} has a missing glyph");
        }
    }

    #[test]
    fn arabic_is_shaped_and_read_in_its_order() {
        let line = layout("Team القاهرة 2026", 12.0, false);
        let arabic = line.runs.iter().find(|run| run.glyphs.iter().any(|g| g.text == "ق")).unwrap();
        // Drawn right to left: the last letter first, each glyph carrying its letter for the text layer.
        let drawn: String = arabic.glyphs.iter().map(|g| g.text.as_str()).collect();
        assert_eq!(drawn.trim(), "ةرهاقلا");
        // Joined letters: the shaped glyph of ق in a word is not its isolated form.
        let isolated = layout("ق", 12.0, false).runs[0].glyphs[0].id;
        assert!(arabic.glyphs.iter().all(|g| g.id != isolated), "ق in a word takes its joined form");
    }
}
