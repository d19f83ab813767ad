//! The card library (left panel): every card of the database, filtered by name, kind, class and
//! construction cost. Click a card to preview it, double-click or `+` to add it to the bottom
//! of the deck (a homeworld becomes the deck's homeworld), or drag it into the deck.
use super::{DeckBuilder, Drag};
use crate::client::theme::{self, hex};
use crate::data::deck_edit::{library, KindFilter, LibraryFilter};
use crate::data::{Card, CardDb, CardKind, Class};
use crate::ids::CardId;
use egui_macroquad::egui::{self, RichText, Sense};

/// Colour of a card kind (spacecraft by class), shared by the library, the deck and the chart.
pub fn kind_color(c: &Card) -> egui::Color32 {
    theme::egui_color(match &c.kind {
        CardKind::Spacecraft(s) => class_color(s.class),
        CardKind::Asset(a) if a.homeworld => hex(0x3ddc97),
        CardKind::Asset(_) => hex(0x2fb38a),
        CardKind::Upgrade(_) => hex(0xb67cff),
    })
}

/// Colour of a spacecraft class.
pub fn class_color(c: Class) -> macroquad::prelude::Color {
    match c {
        Class::Fighter => hex(0x5ad1ff),
        Class::Corvette => hex(0x4fa3ff),
        Class::Frigate => hex(0xffb84d),
        Class::Capital => hex(0xff8a4f),
    }
}

/// "Frigate", "Asset", "Homeworld", "Upgrade".
pub fn kind_label(c: &Card) -> String {
    match &c.kind {
        CardKind::Spacecraft(s) => {
            let n = s.class.name();
            n[..1].to_uppercase() + &n[1..]
        }
        CardKind::Asset(a) if a.homeworld => "Homeworld".into(),
        CardKind::Asset(_) => "Asset".into(),
        CardKind::Upgrade(_) => "Upgrade".into(),
    }
}

pub fn show(ui: &mut egui::Ui, b: &mut DeckBuilder, db: &CardDb) {
    ui.add_space(6.0);
    ui.label(RichText::new("Card library").font(theme::bold(17.0)));
    filters(ui, &mut b.filter);
    let cards = library(db, &b.filter);
    ui.label(
        RichText::new(format!(
            "{} of {} cards · double-click or + adds, or drag into the deck",
            cards.len(),
            db.len()
        ))
        .small()
        .color(theme::egui_color(theme::TEXT_DIM)),
    );
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("deck-library-list")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for id in cards {
                row(ui, b, db, id);
            }
        });
}

fn filters(ui: &mut egui::Ui, f: &mut LibraryFilter) {
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut f.text)
                .hint_text("Search by name…")
                .desired_width(ui.available_width() - 60.0),
        );
        if ui
            .add_enabled(!f.is_default(), egui::Button::new("Clear"))
            .clicked()
        {
            *f = LibraryFilter::default();
        }
    });
    // Chips toggle: click a selected one again to show every kind (class) again.
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        ui.spacing_mut().button_padding = egui::vec2(7.0, 3.0);
        let kinds = [
            (KindFilter::Spacecraft, "Spacecraft"),
            (KindFilter::Asset, "Assets"),
            (KindFilter::Upgrade, "Upgrades"),
            (KindFilter::Homeworld, "Homeworlds"),
        ];
        for (k, label) in kinds {
            chip(ui, &mut f.kind, k, label);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        ui.spacing_mut().button_padding = egui::vec2(7.0, 3.0);
        for c in Class::ALL {
            let n = c.name();
            chip(ui, &mut f.class, c, &(n[..1].to_uppercase() + &n[1..]));
        }
    });
    ui.horizontal(|ui| {
        ui.label("Cost");
        ui.add(egui::DragValue::new(&mut f.cost_min).range(0..=60));
        ui.label("to");
        ui.add(egui::DragValue::new(&mut f.cost_max).range(0..=60));
        if f.cost_min > f.cost_max {
            f.cost_max = f.cost_min;
        }
    });
}

/// A toggle chip for an optional filter value.
fn chip<T: PartialEq + Copy>(ui: &mut egui::Ui, cur: &mut Option<T>, v: T, label: &str) {
    let on = *cur == Some(v);
    if ui
        .selectable_label(on, RichText::new(label).size(13.0))
        .clicked()
    {
        *cur = if on { None } else { Some(v) };
    }
}

fn row(ui: &mut egui::Ui, b: &mut DeckBuilder, db: &CardDb, id: CardId) {
    let card = db.card(id);
    let w = ui.available_width();
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(w, 38.0), Sense::click_and_drag());
    resp.dnd_set_drag_payload(Drag::Card(id));
    let home = card.asset().map(|a| a.homeworld).unwrap_or(false);
    let p = ui.painter();
    if resp.contains_pointer() {
        b.hover_next = Some(id);
    }
    let focused = b.focus == Some(id);
    let fill = if focused {
        hex(0x2a3d63)
    } else if resp.contains_pointer() {
        hex(0x22304b)
    } else {
        hex(0x172136)
    };
    p.rect_filled(
        rect.shrink2(egui::vec2(0.0, 1.5)),
        4.0,
        theme::egui_color(fill),
    );
    let stripe = egui::Rect::from_min_size(rect.min + egui::vec2(0.0, 1.5), egui::vec2(4.0, 35.0));
    p.rect_filled(stripe, 2.0, kind_color(card));
    // Cost badge.
    let badge = egui::Rect::from_center_size(
        egui::pos2(rect.left() + 24.0, rect.center().y),
        egui::vec2(26.0, 26.0),
    );
    p.circle_filled(badge.center(), 13.0, theme::egui_color(hex(0x0c1322)));
    p.circle_stroke(
        badge.center(),
        13.0,
        egui::Stroke::new(1.5, kind_color(card)),
    );
    p.text(
        badge.center(),
        egui::Align2::CENTER_CENTER,
        card.construction_cost.to_string(),
        theme::bold(13.0),
        theme::egui_color(theme::TEXT),
    );
    // Text stops short of the count and the add button.
    let clip = p.with_clip_rect(rect.with_max_x(rect.right() - 36.0));
    // The name, its kind beside it, and the key numbers under it (a narrow library keeps
    // the whole line of numbers this way).
    let name = clip.text(
        egui::pos2(rect.left() + 44.0, rect.top() + 11.0),
        egui::Align2::LEFT_CENTER,
        &card.name,
        theme::bold(14.0),
        theme::egui_color(theme::TEXT),
    );
    clip.text(
        egui::pos2(name.right() + 6.0, rect.top() + 12.0),
        egui::Align2::LEFT_CENTER,
        kind_label(card),
        egui::FontId::proportional(11.0),
        theme::egui_color(theme::TEXT_DIM),
    );
    clip.text(
        egui::pos2(rect.left() + 44.0, rect.top() + 27.0),
        egui::Align2::LEFT_CENTER,
        numbers(card),
        egui::FontId::proportional(11.5),
        theme::egui_color(theme::TEXT_DIM),
    );
    let n = if home {
        usize::from(b.draft.homeworld == card.id)
    } else {
        b.draft.count(&card.id)
    };
    // The add button, and how many copies the deck holds.
    let add = egui::Rect::from_center_size(
        egui::pos2(rect.right() - 18.0, rect.center().y),
        egui::vec2(26.0, 26.0),
    );
    if n > 0 {
        p.text(
            egui::pos2(add.left() - 8.0, rect.top() + 11.0),
            egui::Align2::RIGHT_CENTER,
            format!("×{n}"),
            theme::bold(13.0),
            theme::egui_color(theme::SELECT),
        );
    }
    let tip = if home {
        "Make this the deck's homeworld"
    } else {
        "Add to the bottom of the deck"
    };
    let add_r = super::icon_button(
        ui,
        add,
        resp.id.with("add"),
        if home { "⌂" } else { "+" },
        true,
    )
    .on_hover_text(tip);
    if resp.clicked() {
        b.focus = Some(id);
    }
    if add_r.clicked() || resp.double_clicked() {
        add_card(b, db, id);
    }
}

/// Adds a card: a homeworld replaces the deck's homeworld, anything else goes to the bottom.
pub fn add_card(b: &mut DeckBuilder, db: &CardDb, id: CardId) {
    let card = db.card(id);
    b.focus = Some(id);
    if card.asset().map(|a| a.homeworld).unwrap_or(false) {
        if b.draft.homeworld != card.id {
            b.record();
            b.draft.homeworld = card.id.clone();
        }
    } else {
        b.record();
        let at = b.draft.push(&card.id);
        b.selected = Some(at);
    }
}

/// One line for a card: its kind and key numbers.
pub fn summary(c: &Card) -> String {
    format!("{} · {}", kind_label(c), numbers(c))
}

/// A card's key numbers on one line.
fn numbers(c: &Card) -> String {
    match &c.kind {
        CardKind::Spacecraft(s) => format!(
            "armor {} · acc {} · dv {} · bomb {} · pop {}",
            s.armor, s.accuracy, s.delta_vee, s.bombardment_power, s.population
        ),
        CardKind::Asset(a) => format!(
            "power {} · pop {} · {} orbitals",
            a.construction_power as i32 + c.self_mods.construction_power as i32,
            a.population as i32 + c.self_mods.population as i32,
            a.orbitals.len()
        ),
        CardKind::Upgrade(u) => format!(
            "resistance {} · {}",
            u.bombardment_resistance,
            c.abilities
                .first()
                .map(|a| a.describe())
                .unwrap_or_default()
        ),
    }
}
