//! The deck's homeworld slot (above the card slots): the homeworld's name and key numbers, a
//! picker of the database's homeworlds, a drop target for homeworld cards from the library,
//! and the checker's homeworld messages (O2).
use super::decklist::problem;
use super::{DeckBuilder, Drag};
use crate::client::theme::{self, hex};
use crate::data::deck_edit::{homeworlds, Place};
use crate::data::CardDb;
use egui_macroquad::egui::{self, Sense};

pub fn slot(ui: &mut egui::Ui, b: &mut DeckBuilder, db: &CardDb) {
    let home = db.lookup(&b.draft.homeworld);
    let w = ui.available_width();
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(w, 40.0), Sense::click());
    let hovered_drop = resp
        .dnd_hover_payload::<Drag>()
        .is_some_and(|d| matches!(*d, Drag::Card(c) if homeworlds(db).contains(&c)));
    let p = ui.painter();
    let fill = if hovered_drop {
        hex(0x2a3d63)
    } else {
        hex(0x14283a)
    };
    p.rect_filled(rect, 6.0, theme::egui_color(fill));
    p.rect_stroke(
        rect,
        6.0,
        egui::Stroke::new(1.0, theme::egui_color(hex(0x2fb38a))),
        egui::StrokeKind::Inside,
    );
    p.text(
        rect.left_center() + egui::vec2(12.0, 0.0),
        egui::Align2::LEFT_CENTER,
        "⌂ Homeworld",
        egui::FontId::proportional(12.5),
        theme::egui_color(theme::TEXT_DIM),
    );
    let name = home.map(|h| db.card(h).name.clone());
    // Long (unknown) ids must not run under the picker.
    let p = p.with_clip_rect(rect.with_max_x(rect.right() - 150.0));
    let name_rect = p.text(
        rect.left_center() + egui::vec2(110.0, 0.0),
        egui::Align2::LEFT_CENTER,
        name.clone()
            .unwrap_or_else(|| format!("`{}`", b.draft.homeworld)),
        theme::bold(16.0),
        theme::egui_color(theme::TEXT),
    );
    if let Some(h) = home {
        // Its power and population, right of the name when there is room for them.
        let numbers = super::library::summary(db.card(h))
            .split(" · ")
            .skip(1)
            .take(2)
            .collect::<Vec<_>>()
            .join(" · ");
        let dim = theme::egui_color(theme::TEXT_DIM);
        let galley = p.layout_no_wrap(numbers, egui::FontId::proportional(12.0), dim);
        let right = rect.right() - 150.0;
        if right - galley.size().x > name_rect.right() + 10.0 {
            let at = egui::pos2(
                right - galley.size().x,
                rect.center().y - galley.size().y / 2.0,
            );
            p.galley(at, galley, dim);
        }
    }
    if resp.clicked() {
        b.focus = home;
    }
    if resp.contains_pointer() && home.is_some() {
        b.hover_next = home;
    }
    if let Some(d) = resp.dnd_release_payload::<Drag>() {
        if let Drag::Card(c) = *d {
            super::library::add_card(b, db, c);
        }
    }
    // The homeworld picker at the right of the slot.
    let combo = egui::Rect::from_min_max(
        egui::pos2(rect.right() - 140.0, rect.top() + 7.0),
        egui::pos2(rect.right() - 8.0, rect.bottom() - 7.0),
    );
    let mut pick = home;
    // A child Ui: placed by hand, without moving this Ui's cursor.
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(combo));
    egui::ComboBox::from_id_salt("deck-homeworld")
        .width(128.0)
        .selected_text("Change…")
        .show_ui(&mut child, |ui| {
            for h in homeworlds(db) {
                ui.selectable_value(&mut pick, Some(h), &db.card(h).name);
            }
        });
    if pick != home {
        if let Some(h) = pick {
            super::library::add_card(b, db, h);
        }
    }
    let msgs: Vec<String> = b
        .checked
        .at(Place::Homeworld)
        .map(|p| p.message.clone())
        .collect();
    msgs.iter().for_each(|m| problem(ui, m));
}
