//! A rule book as the "How to play" window shows it: the Markdown of `docs/rules/*.md` read
//! into sections of headings, paragraphs, bullets and tables, with the maintainers' ruling
//! notes and Markdown marks taken out of the text. Pure text work, tested without a window.

/// One block of a section.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    Heading(String),
    Paragraph(String),
    Bullet(String),
    /// Rows of cells, the header row first.
    Table(Vec<Vec<String>>),
    Code(String),
}

/// A `##` section with its blocks.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub title: String,
    pub blocks: Vec<Block>,
}

/// A whole book: its `#` title, the text before the first section, and the sections.
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    pub title: String,
    pub sections: Vec<Section>,
}

/// Text without Markdown marks: `**bold**`, `*italic*`, `` `code` ``, links (their text),
/// and `<sub>O13</sub>` notes (dropped: they are for maintainers).
pub fn plain(text: &str) -> String {
    let mut s = text.to_string();
    while let Some(a) = s.find("<sub>") {
        let end = s[a..].find("</sub>").map(|e| a + e + "</sub>".len());
        match end {
            Some(e) => {
                let before = s[..a].trim_end().to_string();
                s = format!("{before}{}", &s[e..]);
            }
            None => break,
        }
    }
    // Links: [text](target) → text.
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(a) = rest.find('[') {
        let Some(b) = rest[a..].find("](").map(|b| a + b) else {
            break;
        };
        let Some(c) = rest[b..].find(')').map(|c| b + c) else {
            break;
        };
        // An image `![caption](file)` keeps its caption.
        out.push_str(rest[..a].strip_suffix('!').unwrap_or(&rest[..a]));
        out.push_str(&rest[a + 1..b]);
        rest = &rest[c + 1..];
    }
    out.push_str(rest);
    out.replace(['*', '`'], "")
}

/// Reads a book's Markdown.
pub fn parse(markdown: &str) -> Book {
    let mut title = String::new();
    let mut sections = vec![Section {
        title: "Introduction".into(),
        blocks: Vec::new(),
    }];
    let mut para: Vec<String> = Vec::new();
    let mut table: Vec<Vec<String>> = Vec::new();
    let mut code: Option<Vec<String>> = None;
    let flush =
        |sections: &mut Vec<Section>, para: &mut Vec<String>, table: &mut Vec<Vec<String>>| {
            let blocks = &mut sections.last_mut().expect("one section at least").blocks;
            if !para.is_empty() {
                let joined = para.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
                // The note that explains the ruling ids is for maintainers, like the ids.
                let maintainers = joined.contains("<sub>") && joined.contains("ruling");
                let bullet = joined
                    .strip_prefix("* ")
                    .or_else(|| joined.strip_prefix("- "));
                if !maintainers {
                    blocks.push(match bullet {
                        Some(item) => Block::Bullet(plain(item).trim().to_string()),
                        None => Block::Paragraph(plain(&joined).trim().to_string()),
                    });
                }
                para.clear();
            }
            if !table.is_empty() {
                blocks.push(Block::Table(std::mem::take(table)));
            }
        };
    for line in markdown.lines() {
        if let Some(c) = &mut code {
            if line.trim_start().starts_with("```") {
                let text = c.join("\n");
                sections
                    .last_mut()
                    .expect("one section at least")
                    .blocks
                    .push(Block::Code(text));
                code = None;
            } else {
                c.push(line.to_string());
            }
            continue;
        }
        let t = line.trim_end();
        if t.trim_start().starts_with("```") {
            flush(&mut sections, &mut para, &mut table);
            code = Some(Vec::new());
        } else if let Some(h) = t.strip_prefix("# ") {
            flush(&mut sections, &mut para, &mut table);
            title = plain(h);
        } else if let Some(h) = t.strip_prefix("## ") {
            flush(&mut sections, &mut para, &mut table);
            sections.push(Section {
                title: plain(h),
                blocks: Vec::new(),
            });
        } else if let Some(h) = t.strip_prefix("### ").or_else(|| t.strip_prefix("#### ")) {
            flush(&mut sections, &mut para, &mut table);
            let blocks = &mut sections.last_mut().expect("one section at least").blocks;
            blocks.push(Block::Heading(plain(h)));
        } else if t.starts_with('|') {
            if !para.is_empty() {
                flush(&mut sections, &mut para, &mut table);
            }
            let cells: Vec<String> = t
                .trim_matches('|')
                .split('|')
                .map(|c| plain(c.trim()))
                .collect();
            if !cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
            {
                table.push(cells);
            }
        } else if t.trim().is_empty() {
            flush(&mut sections, &mut para, &mut table);
        } else if t.starts_with("* ") || t.starts_with("- ") || t.trim_start().starts_with("1. ") {
            flush(&mut sections, &mut para, &mut table);
            let item = t.trim_start();
            let item = item.strip_prefix("1. ").map(|x| format!("- {x}"));
            para.push(item.unwrap_or_else(|| t.to_string()));
        } else {
            if !table.is_empty() {
                flush(&mut sections, &mut para, &mut table);
            }
            para.push(t.trim().to_string());
        }
    }
    flush(&mut sections, &mut para, &mut table);
    if sections[0].blocks.is_empty() {
        sections.remove(0);
    }
    Book { title, sections }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_about_ruling_ids_is_left_out() {
        let b = parse("# G\n\nPlay well.\n\nNotes such as <sub>O13</sub> name the ruling.\n");
        assert_eq!(
            b.sections[0].blocks,
            vec![Block::Paragraph("Play well.".into())]
        );
    }

    #[test]
    fn marks_and_ruling_notes_leave_the_text() {
        assert_eq!(
            plain("a **bold** `code` [link](../x.md) word <sub>O13</sub>. ![A map](p.svg)"),
            "a bold code link word. A map"
        );
    }

    #[test]
    fn sections_paragraphs_bullets_and_tables() {
        let b = parse(
            "# Game\n\nIntro line\nmore.\n\n## Setup\n\n* one\n  two\n* three\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n### Sub\nText.\n",
        );
        assert_eq!(b.title, "Game");
        assert_eq!(b.sections[0].title, "Introduction");
        assert_eq!(
            b.sections[0].blocks,
            vec![Block::Paragraph("Intro line more.".into())]
        );
        let s = &b.sections[1];
        assert_eq!(s.title, "Setup");
        assert_eq!(s.blocks[0], Block::Bullet("one two".into()));
        assert_eq!(s.blocks[1], Block::Bullet("three".into()));
        assert_eq!(
            s.blocks[2],
            Block::Table(vec![
                vec!["a".into(), "b".into()],
                vec!["1".into(), "2".into()]
            ])
        );
        assert_eq!(s.blocks[3], Block::Heading("Sub".into()));
    }

    #[test]
    fn every_shipped_book_reads_into_sections() {
        for text in super::super::BOOKS.iter().map(|b| b.1) {
            let b = parse(text);
            assert!(!b.title.is_empty());
            assert!(b.sections.len() >= 5, "{}", b.title);
            assert!(
                b.sections.iter().all(|s| !s.blocks.is_empty()),
                "{}",
                b.title
            );
        }
    }
}
