//! The main menu: play against the AI (with a difficulty), hot-seat for two people, the deck
//! builder, quit; and each side's deck from `decks/`. Load problems are listed here.
use super::catalog::Catalog;
use super::game::{Seat, SeatKind, Setup};
use super::paint::{circle_outline, fade, Align, Painter};
use super::table::draw_background;
use super::theme::{self, hex};
use egui_macroquad::egui::{self, RichText};
use macroquad::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    VsAi,
    HotSeat,
}

pub struct MenuState {
    pub mode: Mode,
    pub level: usize,
    pub decks: [usize; 2],
    /// The Globetrotter section's choices.
    pub globe: super::globe::menu::GtMenu,
    /// The Mothership section's choices.
    pub ms: super::mothership::menu::MsMenu,
    /// The RoveR section's choices.
    pub rover: super::rover::picker::RoverMenu,
    /// The game the autosave holds, when it is unfinished: (game name, what to call it).
    pub resume: Option<(&'static str, &'static str)>,
    /// Why the last game could not be resumed.
    pub resume_error: Option<String>,
    /// The autosave was looked at since the menu was last shown.
    pub resume_checked: bool,
    /// The "How to play" window.
    pub howto: super::howto::HowTo,
    /// The Settings window is open.
    pub settings: bool,
    /// The "Saved games & replays" window.
    pub saves: super::saves::SavesWindow,
}

impl MenuState {
    /// Looks at the autosave again (after a game, on the way back to the menu).
    pub fn refresh_resume(&mut self) {
        self.resume_checked = true;
        self.resume =
            crate::games::unfinished(&crate::kit::save::autosave_path()).map(|g| (g.name, g.title));
    }
}

pub enum MenuAction {
    Start(Setup),
    /// The guided first match.
    Guide,
    /// Resume the autosaved game of this game (`orbitals`, `globetrotter`).
    Continue(&'static str),
    DeckBuilder,
    /// Continue or watch a file of the saves window.
    Saves(super::saves::SavesAction),
    Globetrotter(super::globe::Setup),
    Mothership(super::mothership::Setup),
    /// A RoveR game, at this autopilot pace.
    Rover(Box<super::rover::Setup>, f32),
    Quit,
}

impl MenuState {
    pub fn new(cat: &Catalog) -> MenuState {
        let level = cat
            .levels
            .iter()
            .position(|l| l.spec == "greedy")
            .unwrap_or(0);
        MenuState {
            mode: Mode::VsAi,
            level,
            decks: [0, if cat.decks.len() > 1 { 1 } else { 0 }],
            globe: Default::default(),
            ms: Default::default(),
            rover: Default::default(),
            resume: None,
            resume_error: None,
            resume_checked: false,
            howto: Default::default(),
            settings: false,
            saves: Default::default(),
        }
    }
}

/// Title and stars behind the menu window.
pub fn backdrop(p: &mut Painter, t: f32) {
    let (w, h) = (screen_width(), screen_height());
    draw_background(Rect::new(0.0, 0.0, w, h), t);
    let s = (h / 800.0).min(w / 1280.0).max(0.6);
    // A planet with a few orbits, for atmosphere.
    let c = vec2(w * 0.5, h * 0.2);
    for (i, r) in [110.0, 150.0, 195.0].iter().enumerate() {
        circle_outline(c, r * s, 1.0, fade(theme::DV, 0.10 + 0.04 * i as f32));
        let a = t * (0.35 - 0.08 * i as f32) + i as f32 * 2.0;
        draw_circle(
            c.x + a.cos() * r * s,
            c.y + a.sin() * r * s,
            4.0 * s,
            fade(theme::seat(crate::ids::PlayerId(i as u8 % 2)), 0.9),
        );
    }
    // A shaded planet: nested discs drifting toward the light.
    let r0 = 62.0 * s;
    draw_circle(c.x, c.y, r0 + 5.0 * s, fade(theme::DV, 0.08));
    for i in 0..14 {
        let k = i as f32 / 14.0;
        let off = vec2(-0.28, -0.32) * r0 * k;
        let col = super::paint::mix(hex(0x0e2142), hex(0x3f7fc0), k * k);
        draw_circle(c.x + off.x, c.y + off.y, r0 * (1.0 - 0.62 * k), col);
    }
    p.text_in(
        "ORBITALS",
        Rect::new(0.0, c.y - 26.0 * s, w, 52.0 * s),
        54.0 * s,
        true,
        theme::TEXT,
        Align::Center,
    );
    p.text_in(
        "a 4X space card game",
        Rect::new(0.0, c.y + 28.0 * s, w, 24.0 * s),
        17.0 * s,
        false,
        theme::TEXT_DIM,
        Align::Center,
    );
    p.flush();
}

fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(7)
}

pub fn ui(ctx: &egui::Context, m: &mut MenuState, cat: &Catalog) -> Option<MenuAction> {
    let mut action = None;
    // Below the planet art when the window is tall enough; the menu scrolls when it is not.
    let h = ctx.screen_rect().height();
    let top = (h * 0.34).min(h - 560.0).max(12.0);
    egui::Window::new("main-menu")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, top])
        .min_width(860.0)
        .max_width(860.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(h - top - 28.0)
                .show(ui, |ui| menu_body(ui, m, cat, &mut action));
        });
    m.howto.ui(ctx);
    super::settings::window(ctx, &mut m.settings);
    if let Some(a) = m.saves.ui(ctx) {
        action = Some(MenuAction::Saves(a));
    }
    action
}

fn deck_combo(ui: &mut egui::Ui, side: usize, sel: &mut usize, cat: &Catalog) {
    *sel = (*sel).min(cat.decks.len().saturating_sub(1));
    let label = |i: usize| {
        let e = &cat.decks[i];
        let home = cat
            .db
            .as_ref()
            .map(|db| db.card(e.deck.homeworld).name.clone())
            .unwrap_or_default();
        format!("{} ({home})", e.deck.name)
    };
    ui.vertical(|ui| {
        egui::ComboBox::from_id_salt(("deck", side))
            .width(260.0)
            .selected_text(label(*sel))
            .show_ui(ui, |ui| {
                for i in 0..cat.decks.len() {
                    let r = ui.selectable_value(sel, i, label(i));
                    let d = &cat.decks[i].deck.description;
                    if !d.is_empty() {
                        r.on_hover_text(d);
                    }
                }
            });
        if let Some(e) = cat
            .decks
            .get(*sel)
            .filter(|e| !e.deck.description.is_empty())
        {
            ui.label(RichText::new(&e.deck.description).small());
        }
    });
}

fn problems(ui: &mut egui::Ui, cat: &Catalog) {
    egui::ScrollArea::vertical()
        .max_height(160.0)
        .show(ui, |ui| {
            for p in &cat.problems {
                ui.label(
                    RichText::new(p)
                        .color(theme::egui_color(theme::WARN))
                        .small(),
                );
            }
        });
}

fn start(m: &MenuState, cat: &Catalog) -> Option<Setup> {
    let db = cat.db.clone()?;
    let d = |i: usize| cat.decks.get(i).map(|e| e.deck.clone());
    let decks = vec![d(m.decks[0])?, d(m.decks[1])?];
    let seats = match m.mode {
        Mode::VsAi => {
            let level = cat.levels.get(m.level)?;
            vec![
                Seat {
                    kind: SeatKind::Human,
                    name: "You".into(),
                },
                Seat {
                    kind: SeatKind::Ai(level.spec.into()),
                    name: "AI".into(),
                },
            ]
        }
        Mode::HotSeat => vec![
            Seat {
                kind: SeatKind::Human,
                name: "Player 1".into(),
            },
            Seat {
                kind: SeatKind::Human,
                name: "Player 2".into(),
            },
        ],
    };
    Some(Setup {
        db,
        decks,
        seats,
        seed: seed(),
    })
}

/// The menu's sections: Continue, the four games, and the row of other windows.
fn menu_body(ui: &mut egui::Ui, m: &mut MenuState, cat: &Catalog, action: &mut Option<MenuAction>) {
    ui.spacing_mut().item_spacing.y = 8.0;
    if let Some((name, title)) = m.resume {
        let b = egui::Button::new(
            RichText::new(format!("Continue your {title} game")).font(theme::bold(17.0)),
        )
        .fill(theme::egui_color(hex(0x1f5a7a)));
        if ui
            .add_sized([ui.available_width(), 34.0], b)
            .on_hover_text("Resume the last game where you left it")
            .clicked()
        {
            *action = Some(MenuAction::Continue(name));
        }
        ui.separator();
    }
    if let Some(e) = &m.resume_error {
        ui.label(
            RichText::new(format!("The last game could not be resumed: {e}"))
                .small()
                .color(theme::egui_color(theme::BAD)),
        );
    }
    ui.columns(2, |cols| {
        card_section(&mut cols[0], m, cat, action);
        other_games(&mut cols[1], m, action);
    });
    ui.separator();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(cat.db.is_some(), egui::Button::new("Deck builder"))
            .on_hover_text("Build and order 30-card decks")
            .clicked()
        {
            *action = Some(MenuAction::DeckBuilder);
        }
        if ui
            .button("How to play")
            .on_hover_text("The rules of each game, section by section")
            .clicked()
        {
            m.howto.open_at(0);
        }
        if ui.button("Settings").clicked() {
            m.settings = true;
        }
        if ui
            .button("Saved games & replays")
            .on_hover_text("Continue a save, or watch any game move by move")
            .clicked()
        {
            let folder = std::path::PathBuf::from(&m.saves.folder);
            m.saves.open_at(&folder);
        }
        if ui.button("Quit").clicked() {
            *action = Some(MenuAction::Quit);
        }
    });
}

/// The card game's section: mode, opponent, decks, Play.
fn card_section(
    ui: &mut egui::Ui,
    m: &mut MenuState,
    cat: &Catalog,
    action: &mut Option<MenuAction>,
) {
    ui.spacing_mut().item_spacing.y = 8.0;
    ui.label(RichText::new("Orbitals card game").font(theme::bold(20.0)));
    ui.horizontal(|ui| {
        ui.selectable_value(
            &mut m.mode,
            Mode::VsAi,
            RichText::new("Play against the AI").size(15.0),
        );
        ui.selectable_value(
            &mut m.mode,
            Mode::HotSeat,
            RichText::new("Hot-seat (two players)").size(15.0),
        );
    });
    if !cat.playable() {
        problems(ui, cat);
        ui.add_enabled(false, egui::Button::new("Play"));
    } else {
        egui::Grid::new("menu-grid")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                if m.mode == Mode::VsAi && !cat.levels.is_empty() {
                    ui.label("Opponent");
                    m.level = m.level.min(cat.levels.len() - 1);
                    egui::ComboBox::from_id_salt("level")
                        .width(260.0)
                        .selected_text(cat.levels[m.level].label)
                        .show_ui(ui, |ui| {
                            for (i, l) in cat.levels.iter().enumerate() {
                                ui.selectable_value(&mut m.level, i, l.label);
                            }
                        });
                    ui.end_row();
                }
                let names = match m.mode {
                    Mode::VsAi => ["Your deck", "AI deck"],
                    Mode::HotSeat => ["Player 1 deck", "Player 2 deck"],
                };
                for (side, name) in names.iter().enumerate() {
                    ui.label(*name);
                    deck_combo(ui, side, &mut m.decks[side], cat);
                    ui.end_row();
                }
            });
        if !cat.problems.is_empty() {
            problems(ui, cat);
        }
        ui.add_space(4.0);
        let play = egui::Button::new(RichText::new("Play").font(theme::bold(17.0)))
            .fill(theme::egui_color(hex(0x1f7a55)));
        if ui.add_sized([ui.available_width(), 36.0], play).clicked() {
            *action = start(m, cat).map(MenuAction::Start);
        }
        let guide = egui::Button::new(RichText::new("Guided first match").size(15.0));
        if ui
            .add_sized([ui.available_width(), 28.0], guide)
            .on_hover_text(
                "Learn by playing: a guide walks you through your first turns against the easy AI",
            )
            .clicked()
        {
            *action = Some(MenuAction::Guide);
        }
    }
}

/// The other games' sections: Globetrotter, Mothership, RoveR.
fn other_games(ui: &mut egui::Ui, m: &mut MenuState, action: &mut Option<MenuAction>) {
    ui.spacing_mut().item_spacing.y = 8.0;
    if let Some(s) = super::globe::menu::ui(ui, &mut m.globe, seed()) {
        *action = Some(MenuAction::Globetrotter(s));
    }
    ui.separator();
    if let Some(s) = super::mothership::menu::ui(ui, &mut m.ms, seed()) {
        *action = Some(MenuAction::Mothership(s));
    }
    ui.separator();
    if let Some((s, speed)) = super::rover::picker::ui(ui, &mut m.rover, seed()) {
        *action = Some(MenuAction::Rover(Box::new(s), speed));
    }
}
