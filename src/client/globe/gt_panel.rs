//! The Globetrotter side panel (egui): players with their Treasury points and Drill Cannon
//! state, the action count, the selection with its tools and buttons (all from the legal
//! commands), the orbit with its rovers (select one to descend), planet focus and the system
//! view, the log, and the game-over window.
use super::choice::{self, Sel, Tool};
use super::gt_words::place;
use super::screen::{seat_egui, GtScreen};
use crate::client::theme::{self, hex};
use crate::globetrotter::{Command, Drill, Outcome, Phase, PlanetId, Side, Structure};
use egui_macroquad::egui::{self, RichText};

/// Panel width in egui points.
pub const WIDTH: f32 = 300.0;

/// What the panel asked for.
pub enum PanelAct {
    Play(Command),
    Select(Sel),
    Focus(PlanetId),
    System(bool),
    Menu,
    Undo,
    /// Turn the globe to the player's own rover (C).
    Centre,
    Rematch,
    Quit,
}

pub fn show(ctx: &egui::Context, scr: &mut GtScreen, hover: Option<&str>) -> Option<PanelAct> {
    let mut act = None;
    theme::side_panel(ctx, "gt-panel", WIDTH).show(ctx, |ui| {
        ui.spacing_mut().item_spacing.y = 5.0;
        ui.horizontal(|ui| {
            ui.label(RichText::new("Globetrotter").font(theme::bold(19.0)));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button("Menu").clicked() {
                    act = Some(PanelAct::Menu);
                }
                if ui
                    .add_enabled(scr.session.game.can_undo(), egui::Button::new("Undo"))
                    .on_hover_text("Take back your last move and the AI's replies (Ctrl+Z)")
                    .clicked()
                {
                    act = Some(PanelAct::Undo);
                }
            });
        });
        players(ui, scr);
        if ui
            .add_enabled(
                scr.session.human_to_act(),
                egui::Button::new("Centre on my rover (C)"),
            )
            .on_hover_text("Turn the globe to your rover")
            .clicked()
        {
            act = Some(PanelAct::Centre);
        }
        ui.separator();
        if let Some(a) = moves(ui, scr) {
            act = Some(a);
        }
        if let Some(a) = orbit(ui, scr) {
            act = Some(a);
        }
        if let Some(a) = planets(ui, scr) {
            act = Some(a);
        }
        ui.separator();
        if let Some(h) = hover {
            ui.label(
                RichText::new(h)
                    .small()
                    .color(theme::egui_color(theme::TEXT_DIM)),
            );
        }
        ui.horizontal(|ui| {
            ui.label("Pace");
            ui.add(egui::Slider::new(&mut scr.session.game.speed, 0.25..=8.0).logarithmic(true));
        });
        ui.checkbox(&mut scr.follow, "Follow the AI's moves");
        scr.session.log.show(ui, None, seat_egui);
    });
    if scr.session.over() && scr.session.game.ended_for() > 0.8 {
        if let Some(a) = game_over(ctx, scr) {
            act = Some(a);
        }
    }
    act
}

fn players(ui: &mut egui::Ui, scr: &GtScreen) {
    let st = scr.session.state();
    egui::Grid::new("gt-players")
        .num_columns(3)
        .spacing([8.0, 3.0])
        .show(ui, |ui| {
            for p in st.player_ids() {
                let ps = st.player(p);
                let active = p == st.active() && !scr.session.over();
                let name = format!("{} {}", if active { "▶" } else { "●" }, scr.session.name(p));
                let mut t = RichText::new(name).color(seat_egui(p));
                if active {
                    t = t.strong();
                }
                if ps.lost {
                    t = t.strikethrough();
                }
                ui.label(t);
                let rovers =
                    st.rovers_of(p).count() + st.orbit().iter().filter(|r| r.owner == p).count();
                ui.label(
                    RichText::new(format!(
                        "{rovers} rover{}",
                        if rovers == 1 { "" } else { "s" }
                    ))
                    .small(),
                );
                let mut bits = Vec::new();
                if st.structure_of(p, Structure::Treasury).is_some() || ps.treasury > 0 {
                    bits.push(format!("Treasury {}/3", ps.treasury));
                }
                if st.structure_of(p, Structure::DrillCannon).is_some() {
                    bits.push(match ps.drill {
                        Drill::Idle => "Cannon idle".to_string(),
                        Drill::Ready => "Cannon READY".to_string(),
                        Drill::Aimed(f) => format!("Cannon AIMED at space {f}"),
                    });
                }
                let c = if ps.drill != Drill::Idle {
                    theme::WARN
                } else {
                    theme::TEXT_DIM
                };
                ui.label(
                    RichText::new(bits.join(" · "))
                        .small()
                        .color(theme::egui_color(c)),
                );
                ui.end_row();
            }
        });
    let pts = st.player(st.active()).treasury;
    if st.phase() == Phase::Play && !scr.session.over() {
        ui.label(
            RichText::new(format!(
                "Turn {} · {} action{} left{}",
                st.turn_number(),
                st.actions_left(),
                if st.actions_left() == 1 { "" } else { "s" },
                if pts > 0 {
                    format!(" · {pts} saved")
                } else {
                    String::new()
                }
            ))
            .color(theme::egui_color(theme::TEXT)),
        );
    }
}

fn moves(ui: &mut egui::Ui, scr: &mut GtScreen) -> Option<PanelAct> {
    let mut act = None;
    if !scr.session.human_to_act() {
        let who = scr.session.name(scr.session.state().active());
        let text = if scr.session.over() {
            "The game is over.".to_string()
        } else {
            format!("{who} is playing…")
        };
        ui.label(RichText::new(text).italics());
        return None;
    }
    let st = scr.session.state();
    let legal = scr.session.legal();
    let what = match scr.sel {
        Sel::None if st.phase() == Phase::Setup => {
            "Click a lit HQ to place your rover.".to_string()
        }
        Sel::None => "Select a rover, a building, an HQ or a rover in orbit.".to_string(),
        Sel::Rover(l) => format!("Rover on {}", place(st, l)),
        Sel::Orbit(i) => format!("Rover {} in orbit: click a lit space to descend", i + 1),
        Sel::Factory(l) => format!("Factory on {}: click a lit space to produce", place(st, l)),
        Sel::Cannon(l) => format!("Drill Cannon on {}: click a space to aim", place(st, l)),
        Sel::Hq(l) => place(st, l),
        Sel::Exit { at, kind } => format!(
            "Build a {} on {}: click a lit space for your rover's free move out",
            super::gt_words::structure_name(kind),
            place(st, at)
        ),
    };
    // Keywords (HQ, rover, orbit…) are explained on hover, from the rule book's glossary.
    crate::client::glossary::label(
        ui,
        crate::client::glossary::Book::Globetrotter,
        RichText::new(what).strong(),
    );
    if let Sel::Rover(_) = scr.sel {
        let targets = choice::face_targets(st, scr.sel, legal);
        let count = |m: super::planet::Mark| targets.iter().filter(|t| t.2 == m).count();
        use super::planet::Mark;
        ui.horizontal(|ui| {
            for (tool, name, m) in [
                (Tool::Move, "Move", Mark::Go),
                (Tool::Fortify, "Fortify", Mark::Fortify),
                (Tool::Shoot, "Shoot", Mark::Shoot),
            ] {
                let n = count(m);
                let text =
                    RichText::new(format!("{name} ({n})")).color(theme::egui_color(m.color()));
                ui.selectable_value(&mut scr.tool, tool, text);
            }
        });
    }
    let exit = matches!(scr.sel, Sel::Exit { .. });
    if st.config().facing && (exit || matches!(scr.sel, Sel::Rover(_))) {
        ui.horizontal(|ui| {
            ui.label("After a move, face");
            ui.selectable_value(&mut scr.veer, Side::Left, "left");
            ui.selectable_value(&mut scr.veer, Side::Right, "right");
        });
    }
    ui.horizontal_wrapped(|ui| {
        if let Sel::Exit { at, .. } = scr.sel {
            if ui.button("Cancel").clicked() {
                act = Some(PanelAct::Select(choice::select_at(st, legal, at)));
            }
        }
        for c in choice::buttons(scr.sel, legal) {
            let mut text = choice::button_text(&c);
            if choice::asks_exit(&c, legal) {
                text.push('…');
            }
            if ui.button(text).clicked() {
                act = Some(match choice::press(c, legal, scr.veer) {
                    choice::Click::Play(c) => PanelAct::Play(c),
                    choice::Click::Select(s) => PanelAct::Select(s),
                });
            }
        }
        if legal.contains(&Command::Pass) {
            let b = egui::Button::new(RichText::new("End turn").strong())
                .fill(theme::egui_color(hex(0x1f7a55)));
            if ui.add(b).clicked() {
                act = Some(PanelAct::Play(Command::Pass));
            }
        }
    });
    // Quick selection of the player's pieces.
    let me = st.active();
    let mine: Vec<_> = st.rovers_of(me).map(|(l, r)| (l, r.hp)).collect();
    if mine.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            ui.label(RichText::new("Your rovers:").small());
            for (l, hp) in mine {
                let on = scr.sel == Sel::Rover(l);
                // Compact: the space number, the planet when there are several, hit points.
                let text = if st.config().planets > 1 {
                    format!("{} · P{} · {hp} hp", l.face, l.planet)
                } else {
                    format!("{} · {hp} hp", l.face)
                };
                let tip = format!("Select the rover on {}", place(st, l));
                if ui
                    .selectable_label(on, RichText::new(text).small())
                    .on_hover_text(tip)
                    .clicked()
                {
                    act = Some(PanelAct::Select(Sel::Rover(l)));
                }
            }
        });
    }
    act
}

fn orbit(ui: &mut egui::Ui, scr: &GtScreen) -> Option<PanelAct> {
    let st = scr.session.state();
    if st.orbit().is_empty() {
        return None;
    }
    let mut act = None;
    ui.label(RichText::new("In orbit").strong());
    ui.horizontal_wrapped(|ui| {
        for (i, r) in st.orbit().iter().enumerate() {
            let sel = Sel::Orbit(i as u8);
            let can = scr.session.human_to_act()
                && r.owner == st.active()
                && !choice::face_targets(st, sel, scr.session.legal()).is_empty();
            let text =
                RichText::new(format!("● {} ({} hp)", i + 1, r.hp)).color(seat_egui(r.owner));
            let resp = ui.add_enabled(can, egui::SelectableLabel::new(scr.sel == sel, text));
            if resp.clicked() {
                act = Some(PanelAct::Select(sel));
            }
        }
    });
    act
}

fn planets(ui: &mut egui::Ui, scr: &GtScreen) -> Option<PanelAct> {
    let st = scr.session.state();
    if st.config().planets < 2 {
        return None;
    }
    let mut act = None;
    ui.horizontal_wrapped(|ui| {
        for p in st.planet_ids() {
            let mut t = RichText::new(format!("Planet {}", p.0 + 1));
            if st.planet(p).destroyed {
                t = t.strikethrough().color(theme::egui_color(theme::BAD));
            }
            if ui
                .selectable_label(p == scr.focus && !scr.system, t)
                .clicked()
            {
                act = Some(PanelAct::Focus(p));
            }
        }
        if ui.selectable_label(scr.system, "System view").clicked() {
            act = Some(PanelAct::System(!scr.system));
        }
    });
    act
}

fn game_over(ctx: &egui::Context, scr: &GtScreen) -> Option<PanelAct> {
    let st = scr.session.state();
    let (title, color) = match st.standing() {
        Outcome::Winner(p) if scr.session.name(p) == "You" => ("You win!".into(), seat_egui(p)),
        Outcome::Winner(p) => (format!("{} wins!", scr.session.name(p)), seat_egui(p)),
        Outcome::Draw => ("Draw".to_string(), theme::egui_color(theme::WARN)),
        Outcome::Ongoing => ("Game over".to_string(), theme::egui_color(theme::TEXT)),
    };
    let mut act = None;
    egui::Window::new("gt-over")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [-WIDTH / 2.0, 0.0])
        .fixed_size([320.0, 0.0])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(RichText::new(title).font(theme::bold(26.0)).color(color));
                let why = if st.standing() == Outcome::Draw
                    && st.turn_number() >= st.config().turn_limit
                {
                    format!("The turn limit ({}) was reached.", st.config().turn_limit)
                } else {
                    format!("after {} turns", st.turn_number())
                };
                ui.label(why);
                ui.horizontal(|ui| {
                    if ui.button("Rematch").clicked() {
                        act = Some(PanelAct::Rematch);
                    }
                    if ui.button("Menu").clicked() {
                        act = Some(PanelAct::Menu);
                    }
                    if ui.button("Quit").clicked() {
                        act = Some(PanelAct::Quit);
                    }
                });
            });
        });
    act
}
