//! The deck in draw order (middle panel): its name, the homeworld slot and 30 card slots, the
//! opening hand (top 5, O3) and the turn each later card is drawn (O19). Cards are reordered
//! by dragging or with the row buttons; the engine checker's messages appear next to what they
//! are about.
use super::library::{kind_color, kind_label};
use super::{icon_button, DeckBuilder, Drag};
use crate::client::labels::without_rule_ids;
use crate::client::theme::{self, hex};
use crate::data::deck_edit::{draw_turn, homeworlds, DeckDraft, Place, OPENING_HAND};
use crate::data::{CardDb, DECK_SIZE};
use egui_macroquad::egui::{self, RichText, Sense};

const ROW: f32 = 25.0;

/// Applies an edit that returns the new selection; records it for undo if anything changed.
pub fn edit(b: &mut DeckBuilder, f: impl FnOnce(&mut DeckDraft) -> Option<usize>) {
    let before = b.draft.clone();
    let sel = f(&mut b.draft);
    if b.draft != before {
        b.history.record(&before);
        if let Some(s) = sel {
            select(b, s);
        }
    }
}

pub fn select(b: &mut DeckBuilder, i: usize) {
    b.selected = Some(i);
    if let (Some(db), Some(id)) = (&b.db, b.draft.cards.get(i)) {
        if let Some(c) = db.lookup(id) {
            b.focus = Some(c);
        }
    }
}

pub fn undo(b: &mut DeckBuilder) {
    if b.history.undo(&mut b.draft) {
        b.say("Undone.", false);
    }
}

pub fn redo(b: &mut DeckBuilder) {
    if b.history.redo(&mut b.draft) {
        b.say("Redone.", false);
    }
}

/// A checker message in place, in red.
pub fn problem(ui: &mut egui::Ui, msg: &str) {
    ui.label(
        RichText::new(format!("✖ {}", without_rule_ids(msg)))
            .small()
            .color(theme::egui_color(theme::BAD)),
    );
}

pub fn show(ui: &mut egui::Ui, b: &mut DeckBuilder, db: &CardDb) {
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Deck").font(theme::bold(17.0)));
        let before = b.draft.name.clone();
        let r = ui.add(
            egui::TextEdit::singleline(&mut b.draft.name)
                .font(theme::bold(16.0))
                .hint_text("Deck name")
                .desired_width(ui.available_width()),
        );
        if r.changed() {
            let mut old = b.draft.clone();
            old.name = before;
            b.history.record(&old);
        }
    });
    let before = b.draft.description.clone();
    let r = ui.add(
        egui::TextEdit::singleline(&mut b.draft.description)
            .hint_text("One line on the deck's strategy")
            .desired_width(ui.available_width()),
    );
    if r.changed() {
        let mut old = b.draft.clone();
        old.description = before;
        b.history.record(&old);
    }
    let msgs: Vec<String> = b
        .checked
        .at(Place::Name)
        .map(|p| p.message.clone())
        .collect();
    msgs.iter().for_each(|m| problem(ui, m));
    if let Some(p) = b.name_taken_by() {
        let file = p
            .file_name()
            .map(|f| f.to_string_lossy())
            .unwrap_or_default();
        problem(
            ui,
            &format!("Another deck ({file}) is already called this: choose another name"),
        );
    }
    for n in b.notes.clone() {
        ui.label(
            RichText::new(format!("⚠ {n}"))
                .small()
                .color(theme::egui_color(theme::WARN)),
        );
    }
    let others: Vec<String> = b
        .checked
        .at(Place::Other)
        .map(|p| p.message.clone())
        .collect();
    others.iter().for_each(|m| problem(ui, m));
    super::homeworld::slot(ui, b, db);
    ui.add_space(4.0);
    header(ui, b);
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("deck-list")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 0.0;
            autoscroll(ui);
            slots(ui, b, db);
        });
}

/// While something is dragged near the top or bottom edge of the list, scroll it.
fn autoscroll(ui: &mut egui::Ui) {
    if !egui::DragAndDrop::has_payload_of_type::<Drag>(ui.ctx()) {
        return;
    }
    let Some(pos) = ui.ctx().pointer_hover_pos() else {
        return;
    };
    let clip = ui.clip_rect();
    if !(clip.left()..=clip.right()).contains(&pos.x) {
        return;
    }
    let edge = 36.0;
    let speed = if pos.y < clip.top() + edge && pos.y > clip.top() - edge {
        10.0
    } else if pos.y > clip.bottom() - edge && pos.y < clip.bottom() + edge {
        -10.0
    } else {
        return;
    };
    ui.scroll_with_delta(egui::vec2(0.0, speed));
    ui.ctx().request_repaint();
}

fn header(ui: &mut egui::Ui, b: &mut DeckBuilder) {
    let n = b.draft.cards.len();
    ui.horizontal(|ui| {
        let c = if n == DECK_SIZE {
            theme::GOOD
        } else {
            theme::BAD
        };
        ui.label(
            RichText::new(format!("{n} / {DECK_SIZE} cards"))
                .font(theme::bold(15.0))
                .color(theme::egui_color(c)),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let sel = b.selected.filter(|s| *s < n);
            let on = sel.is_some();
            if ui
                .add_enabled(on, egui::Button::new("✖ Remove"))
                .on_hover_text("Del")
                .clicked()
            {
                if let Some(s) = sel {
                    edit(b, |d| d.remove(s).map(|_| s));
                }
            }
            if ui
                .add_enabled(on, egui::Button::new("Duplicate"))
                .on_hover_text("Ctrl+D")
                .clicked()
            {
                if let Some(s) = sel {
                    edit(b, |d| d.duplicate(s));
                }
            }
            let down = sel.is_some_and(|s| s + 1 < n);
            if ui
                .add_enabled(down, egui::Button::new("↓"))
                .on_hover_text("Move down (Alt+↓)")
                .clicked()
            {
                if let Some(s) = sel {
                    edit(b, |d| d.move_down(s));
                }
            }
            let up = sel.is_some_and(|s| s > 0);
            if ui
                .add_enabled(up, egui::Button::new("↑"))
                .on_hover_text("Move up (Alt+↑)")
                .clicked()
            {
                if let Some(s) = sel {
                    edit(b, |d| d.move_up(s));
                }
            }
        });
    });
    let msgs: Vec<String> = b
        .checked
        .at(Place::Count)
        .map(|p| p.message.clone())
        .collect();
    msgs.iter().for_each(|m| problem(ui, m));
}

fn section(ui: &mut egui::Ui, text: &str) {
    ui.add_space(6.0);
    ui.label(
        RichText::new(text)
            .small()
            .strong()
            .color(theme::egui_color(theme::DV)),
    );
    ui.add_space(3.0);
}

fn slots(ui: &mut egui::Ui, b: &mut DeckBuilder, db: &CardDb) {
    let n = b.draft.cards.len();
    let per_turn = b.stats.draws_per_turn.max(1);
    let mut drop: Option<(Drag, usize)> = None;
    section(ui, "OPENING HAND · the top 5 cards");
    for i in 0..n.max(DECK_SIZE) {
        if i == OPENING_HAND {
            let what = if per_turn == 1 {
                "1 card a turn".to_string()
            } else {
                format!("{per_turn} cards a turn")
            };
            section(
                ui,
                &format!("DRAWN BY RESEARCH · {what} with the homeworld alone"),
            );
        }
        if i == DECK_SIZE && n > DECK_SIZE {
            section(ui, "OVER 30 · remove these cards");
        }
        if let Some(d) = slot(ui, b, db, i, per_turn) {
            drop = Some(d);
        }
    }
    // Below the last slot: drop to add at the bottom.
    let rest = ui.available_size().max(egui::vec2(0.0, 40.0));
    let (_, r) = ui.allocate_exact_size(rest, Sense::hover());
    if let Some(d) = r.dnd_release_payload::<Drag>() {
        drop = Some((*d, n));
    }
    if let Some((d, before)) = drop {
        match d {
            Drag::Slot(from) => edit(b, |dr| dr.move_before(from, before)),
            Drag::Card(c) if homeworlds(db).contains(&c) => super::library::add_card(b, db, c),
            Drag::Card(c) => {
                let id = db.card(c).id.clone();
                edit(b, |dr| Some(dr.insert(before, &id)));
            }
        }
    }
}

/// One slot (a card, or an empty placeholder); returns a drop made on it.
fn slot(
    ui: &mut egui::Ui,
    b: &mut DeckBuilder,
    db: &CardDb,
    i: usize,
    per_turn: usize,
) -> Option<(Drag, usize)> {
    let n = b.draft.cards.len();
    let w = ui.available_width();
    let problems: Vec<String> = b
        .checked
        .at(Place::Slot(i))
        .map(|p| p.message.clone())
        .collect();
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(w, ROW), Sense::click_and_drag());
    let row = rect.shrink2(egui::vec2(0.0, 1.0));
    let p = ui.painter().clone();
    let filled = i < n;
    if filled {
        resp.dnd_set_drag_payload(Drag::Slot(i));
    }
    let look = Look {
        dragged: egui::DragAndDrop::payload::<Drag>(ui.ctx()).is_some_and(|d| *d == Drag::Slot(i)),
        selected: b.selected == Some(i) && filled,
        flagged: i >= DECK_SIZE || !problems.is_empty(),
    };
    // Position number.
    p.text(
        row.left_center() + egui::vec2(24.0, 0.0),
        egui::Align2::RIGHT_CENTER,
        (i + 1).to_string(),
        egui::FontId::monospace(12.0),
        look.text(theme::TEXT_FAINT),
    );
    let body = egui::Rect::from_min_max(row.min + egui::vec2(32.0, 0.0), row.max);
    if filled {
        card_slot(b, db, i, (&p, body, &resp), look);
    } else {
        empty_slot(&p, body);
    }
    // The draw turn, or the row's buttons when it is hovered or selected.
    // (`contains_pointer`, not `hovered`: the buttons sit on top of the row.)
    let show_buttons = filled && (look.selected || resp.contains_pointer()) && !look.dragged;
    if look.selected && b.reveal {
        resp.scroll_to_me(None);
        b.reveal = false;
    }
    if show_buttons {
        slot_buttons(ui, b, i, row, &resp);
    } else {
        draw_turn_label(&p, row, i, per_turn, look);
    }
    for m in &problems {
        ui.horizontal(|ui| {
            ui.add_space(36.0);
            problem(ui, m);
        });
    }
    drop_on(ui, &p, &resp, (rect, row), filled.then_some(i), n)
}

/// How a slot's row is drawn.
#[derive(Clone, Copy)]
struct Look {
    /// Being dragged: its text fades.
    dragged: bool,
    selected: bool,
    /// Past the deck's size or with a problem.
    flagged: bool,
}

impl Look {
    fn text(self, c: macroquad::color::Color) -> egui::Color32 {
        theme::egui_color(if self.dragged { theme::TEXT_FAINT } else { c })
    }
}

/// The outline of an empty slot.
fn empty_slot(p: &egui::Painter, body: egui::Rect) {
    p.rect_stroke(
        body,
        4.0,
        egui::Stroke::new(1.0, theme::egui_color(hex(0x26324a))),
        egui::StrokeKind::Inside,
    );
    p.text(
        body.left_center() + egui::vec2(12.0, 0.0),
        egui::Align2::LEFT_CENTER,
        "empty slot",
        egui::FontId::proportional(12.0),
        theme::egui_color(theme::TEXT_FAINT),
    );
}

/// The card in slot `i`: its kind's stripe, cost, name and kind; a click selects it.
fn card_slot(
    b: &mut DeckBuilder,
    db: &CardDb,
    i: usize,
    (p, body, resp): (&egui::Painter, egui::Rect, &egui::Response),
    look: Look,
) {
    let id = &b.draft.cards[i];
    let card = db.lookup(id).map(|c| db.card(c));
    let fill = if look.selected {
        hex(0x2a3d63)
    } else if look.flagged {
        hex(0x3a1c26)
    } else if resp.contains_pointer() {
        hex(0x22304b)
    } else if i < OPENING_HAND {
        hex(0x17293a)
    } else {
        hex(0x172136)
    };
    p.rect_filled(body, 4.0, theme::egui_color(fill));
    if look.selected {
        p.rect_stroke(
            body,
            4.0,
            egui::Stroke::new(1.0, theme::egui_color(theme::SELECT)),
            egui::StrokeKind::Inside,
        );
    }
    let stripe_c = card
        .map(kind_color)
        .unwrap_or(theme::egui_color(theme::BAD));
    p.rect_filled(
        egui::Rect::from_min_size(body.min, egui::vec2(4.0, body.height())),
        2.0,
        stripe_c,
    );
    let cost = card
        .map(|c| c.construction_cost.to_string())
        .unwrap_or("?".into());
    p.text(
        body.left_center() + egui::vec2(20.0, 0.0),
        egui::Align2::CENTER_CENTER,
        cost,
        theme::bold(13.0),
        look.text(theme::SELECT),
    );
    let name = card
        .map(|c| c.name.clone())
        .unwrap_or_else(|| format!("unknown `{id}`"));
    let kind_x = body.left() + body.width() * 0.56;
    p.with_clip_rect(body.with_max_x(kind_x - 8.0)).text(
        body.left_center() + egui::vec2(36.0, 0.0),
        egui::Align2::LEFT_CENTER,
        name,
        theme::bold(13.5),
        look.text(if card.is_some() {
            theme::TEXT
        } else {
            theme::BAD
        }),
    );
    if let Some(c) = card {
        p.text(
            egui::pos2(kind_x, body.center().y),
            egui::Align2::LEFT_CENTER,
            kind_label(c),
            egui::FontId::proportional(12.0),
            look.text(theme::TEXT_DIM),
        );
    }
    if resp.clicked() {
        select(b, i);
    }
    if resp.contains_pointer() {
        if let Some(c) = card {
            b.hover_next = db.lookup(&c.id);
        }
    }
}

/// The buttons of a hovered or selected slot: remove, duplicate, move down, move up.
fn slot_buttons(
    ui: &mut egui::Ui,
    b: &mut DeckBuilder,
    i: usize,
    row: egui::Rect,
    resp: &egui::Response,
) {
    let n = b.draft.cards.len();
    let mut x = row.right() - 4.0;
    let mut btn = |ui: &mut egui::Ui, text: &str, tip: &str, on: bool| {
        let r = egui::Rect::from_min_size(
            egui::pos2(x - 22.0, row.top() + 1.5),
            egui::vec2(22.0, row.height() - 3.0),
        );
        x -= 25.0;
        icon_button(ui, r, resp.id.with(text), text, on)
            .on_hover_text(tip)
            .clicked()
    };
    if btn(ui, "✖", "Remove (Del)", true) {
        edit(b, |d| d.remove(i).map(|_| i));
    } else if btn(ui, "+1", "Duplicate (Ctrl+D)", true) {
        edit(b, |d| d.duplicate(i));
    } else if btn(ui, "↓", "Move down (Alt+↓)", i + 1 < n) {
        edit(b, |d| d.move_down(i));
    } else if btn(ui, "↑", "Move up (Alt+↑)", i > 0) {
        edit(b, |d| d.move_up(i));
    }
}

/// When slot `i` is drawn: in the opening hand, or on which turn.
fn draw_turn_label(p: &egui::Painter, row: egui::Rect, i: usize, per_turn: usize, look: Look) {
    let turn = match draw_turn(i, per_turn) {
        None => "hand".to_string(),
        Some(t) => format!("turn {t}"),
    };
    let c = if i < OPENING_HAND {
        theme::GOOD
    } else {
        theme::TEXT_DIM
    };
    p.text(
        row.right_center() - egui::vec2(10.0, 0.0),
        egui::Align2::RIGHT_CENTER,
        turn,
        egui::FontId::proportional(12.0),
        look.text(c),
    );
}

/// Dropping on a slot (`card`: the filled slot's index; `None` for the empty placeholder):
/// above or below the middle of its row; the line shows where the drop would land.
fn drop_on(
    ui: &egui::Ui,
    p: &egui::Painter,
    resp: &egui::Response,
    (rect, row): (egui::Rect, egui::Rect),
    card: Option<usize>,
    n: usize,
) -> Option<(Drag, usize)> {
    let pos = ui.ctx().pointer_interact_pos()?;
    let upper = pos.y < rect.center().y;
    let before = match card {
        None => n,
        Some(i) if upper => i,
        Some(i) => i + 1,
    };
    if resp.dnd_hover_payload::<Drag>().is_some() {
        let y = if card.is_some() && upper {
            rect.top()
        } else {
            rect.bottom()
        };
        let y = if card.is_none() { rect.top() } else { y };
        p.hline(
            row.left() + 28.0..=row.right(),
            y,
            egui::Stroke::new(2.5, theme::egui_color(theme::SELECT)),
        );
    }
    resp.dnd_release_payload::<Drag>().map(|d| (*d, before))
}
