//! One frame of the card table, part by part: the game's clock, the layout and what the mouse
//! is over, the egui pass (panel, globe toggles, tooltip, game over, curtain, the guide's
//! callout), the panel's action, mouse and keys, the game-over buttons, then drawing.
use super::{App, Screen};
use crate::client::game::Game;
use crate::client::gameover::{self, EndAction};
use crate::client::howto::callout::{self, CalloutAction};
use crate::client::paint::fade;
use crate::client::panel::{self, PanelAction};
use crate::client::saves::Dialog;
use crate::client::table::{
    self, hand,
    layout::{panel_width, ChipAction, Hit, Layout},
};
use crate::client::{theme, tooltip};
use crate::rules::Command;
use egui_macroquad::egui;
use macroquad::prelude::*;

/// What the egui pass asked for.
#[derive(Default)]
pub(super) struct UiOut {
    pub(super) panel: Option<PanelAction>,
    end: Option<EndAction>,
    lift: bool,
    pub(super) guide: Option<CalloutAction>,
    pointer: bool,
    keyboard: bool,
}

/// Whether the frame goes on after a step, and whether the game stays open.
enum Flow {
    Go,
    /// Stop this frame; the game stays.
    Stop,
    /// Stop this frame; the game was closed or replaced.
    Closed,
}

impl App {
    pub(super) fn table_frame(&mut self, dt: f32, sw: f32, sh: f32) {
        self.guide_update();
        let Some(mut game) = self.game.take() else {
            self.screen = Screen::Menu;
            return;
        };
        if !matches!(self.table_steps(&mut game, dt, sw, sh), Flow::Closed) {
            self.game = Some(game);
        }
    }

    fn table_steps(&mut self, game: &mut Game, dt: f32, sw: f32, sh: f32) -> Flow {
        self.table_clock(game, dt);
        self.linked.fit(sw);
        let mut layout = self.table_layout(game, sw, sh);
        let mouse = self
            .script
            .pointer
            .or(self.fake_mouse)
            .unwrap_or_else(|| mouse_position().into());
        let hover = self.table_hover(game, &layout, mouse);
        let mut ui = self.table_ui(game, &layout, hover, mouse);
        self.run_script(game, &layout, &mut ui);
        self.egui_pointer = ui.pointer;
        self.egui_keyboard = ui.keyboard;
        if !ui.keyboard {
            self.linked.mode = crate::client::globe::linked::toggle_keys(self.linked.mode);
        }
        match (ui.guide, self.guide.as_mut()) {
            (Some(CalloutAction::Read), Some(g)) => g.read(),
            (Some(CalloutAction::Skip), Some(g)) => g.skip(),
            _ => {}
        }
        let before = (game.session.version(), self.inter.sel, self.inter.combat);
        match self.panel_action(game, ui.panel) {
            Flow::Go => {}
            other => return other,
        }
        if ui.lift {
            game.lift_curtain();
        }
        self.table_mouse(game, &layout, hover, mouse, ui.pointer);
        self.table_keys(game, ui.keyboard);
        match self.end_action(game, ui.end) {
            Flow::Go => {}
            other => return other,
        }
        self.table_draw(game, &mut layout, dt, mouse, ui.pointer, before);
        Flow::Go
    }

    /// The game's timers and AI; the game-over screen once the end has been seen.
    fn table_clock(&mut self, game: &mut Game, dt: f32) {
        game.update(dt);
        if game.over()
            && game.session.ended_for() > 1.2
            && game.dice.is_none()
            && self.screen == Screen::Table
        {
            self.screen = Screen::GameOver;
            if self.blocking {
                // Runs without a person (screenshots, scripts) report how the game ended.
                use std::io::Write;
                let _ = writeln!(std::io::stdout(), "{}", gameover::summary(game));
            }
        }
        self.inter.refresh(game);
    }

    fn table_layout(&self, game: &Game, sw: f32, sh: f32) -> Layout {
        let panel_px = panel_width(sw);
        Layout::compute(
            game.state(),
            game.viewer,
            vec2(sw, sh),
            panel_px + self.linked.width(sw),
            game.legal(),
        )
    }

    /// What on the table the mouse is over (nothing under egui, the curtain or the globe).
    fn table_hover(&mut self, game: &Game, layout: &Layout, mouse: Vec2) -> Option<Hit> {
        let on_table = mouse.x < layout.table.right()
            && !self.egui_pointer
            && !game.curtain
            && !self.linked.covers_table();
        let hover = if on_table && self.screen == Screen::Table {
            layout.hit(mouse, hand::lifted(&self.inter))
        } else {
            None
        };
        self.inter.hover = hover;
        hover
    }

    /// The egui pass: the guide's callout, the panel, the globe toggles, the hover tooltip,
    /// the game-over window or the hot-seat curtain.
    fn table_ui(
        &mut self,
        game: &mut Game,
        layout: &Layout,
        hover: Option<Hit>,
        mouse: Vec2,
    ) -> UiOut {
        let zoom = self.zoom;
        let panel_pts = panel_width(screen_width()) / zoom;
        let chip_text = match hover {
            Some(Hit::Chip(i)) => layout.chips.get(i).map(|c| match c.action {
                ChipAction::Play(cmd) => tooltip::chip_text(game.state(), &game.names, &cmd),
                ChipAction::Select(_) => "Choose which project to build".to_string(),
            }),
            _ => None,
        };
        let screen = self.screen;
        let inter = &mut self.inter;
        let mut link_mode = self.linked.mode;
        let table_right = layout.table.right() / zoom;
        let guide = self
            .guide
            .as_ref()
            .filter(|_| screen == Screen::Table && !game.curtain);
        let guide_target = guide.and_then(|g| g.current()).and_then(|st| {
            let t = callout::step_target(st, inter.sel.is_some());
            callout::target_rect(t, game.state(), game.viewer, layout)
        });
        let mut out = UiOut::default();
        egui_macroquad::ui(|ctx| {
            if let Some(g) = guide {
                out.guide = callout::show(ctx, g, guide_target, layout.table, zoom);
            }
            out.panel = panel::show(ctx, panel_pts, game, inter);
            crate::client::globe::linked::toggles(ctx, &mut link_mode, table_right);
            if let Some(h) = hover {
                let at = egui::pos2(mouse.x / zoom, mouse.y / zoom);
                tooltip::show(ctx, game, h, at, chip_text.clone());
            }
            if screen == Screen::GameOver {
                out.end = gameover::ui(ctx, game);
            } else if game.curtain && !game.over() {
                out.lift = gameover::curtain(ctx, game);
            }
            out.pointer = ctx.is_pointer_over_area() || ctx.wants_pointer_input();
            out.keyboard = ctx.wants_keyboard_input();
        });
        self.linked.mode = link_mode;
        out
    }

    /// Does what the panel's buttons asked.
    fn panel_action(&mut self, game: &mut Game, act: Option<PanelAction>) -> Flow {
        match act {
            Some(PanelAction::Play(c)) => self.inter.play(game, c),
            Some(PanelAction::Aim(d)) => self.inter.combat = Some(d),
            Some(PanelAction::Fire) => self.fire(game),
            Some(PanelAction::Concede) => game.concede(),
            Some(PanelAction::Undo) if game.undo() => self.inter.cancel(),
            Some(PanelAction::Undo) => {}
            Some(PanelAction::EndTurn) => self.inter.confirm_pass(game),
            Some(PanelAction::Menu) if game.over() => {
                self.leave_game();
                return Flow::Closed;
            }
            Some(PanelAction::Menu) => {
                self.dialog = Some(Dialog::leave());
                return Flow::Stop;
            }
            None => {}
        }
        Flow::Go
    }

    /// Plays the attack being aimed.
    fn fire(&mut self, game: &mut Game) {
        if let Some(c) = self.inter.combat {
            let cmd = Command::Combat {
                ship: c.ship,
                target: c.target,
                x: c.x,
            };
            self.inter.play(game, cmd);
        }
    }

    /// A left click on the table plays or selects; a right click puts the selection down.
    fn table_mouse(
        &mut self,
        game: &mut Game,
        layout: &Layout,
        hover: Option<Hit>,
        mouse: Vec2,
        egui_pointer: bool,
    ) {
        if self.screen != Screen::Table || egui_pointer || self.fake_mouse.is_some() {
            return;
        }
        if is_mouse_button_pressed(MouseButton::Left)
            && mouse.x < layout.table.right()
            && !self.linked.covers_table()
        {
            self.inter.click(hover, layout, game);
        }
        if is_mouse_button_pressed(MouseButton::Right) {
            self.inter.cancel();
        }
    }

    /// Esc, Ctrl+Z/Y/S, Space (pass) and Enter (confirm the end of the turn, or fire).
    fn table_keys(&mut self, game: &mut Game, egui_keyboard: bool) {
        if self.screen != Screen::Table || egui_keyboard {
            return;
        }
        let picking =
            self.inter.sel.is_some() || self.inter.combat.is_some() || self.inter.confirm_end;
        if is_key_pressed(KeyCode::Escape) && !picking && !game.over() {
            self.dialog = Some(Dialog::leave());
        } else if is_key_pressed(KeyCode::Escape) {
            self.inter.cancel();
        }
        let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        if ctrl && is_key_pressed(KeyCode::Z) && game.undo() {
            self.inter.cancel();
        }
        if ctrl && is_key_pressed(KeyCode::Y) && game.redo() {
            self.inter.cancel();
        }
        if ctrl && is_key_pressed(KeyCode::S) {
            self.dialog = Some(Dialog::save_as());
        }
        if is_key_pressed(KeyCode::Space) && game.human_to_act() {
            self.inter.play(game, Command::Pass);
        }
        if is_key_pressed(KeyCode::Enter) {
            if self.inter.confirm_end {
                self.inter.confirm_pass(game);
            } else {
                self.fire(game);
            }
        }
    }

    /// The game-over window's buttons.
    fn end_action(&mut self, game: &Game, act: Option<EndAction>) -> Flow {
        match act {
            Some(EndAction::Rematch) => {
                let g = game.rematch();
                self.open(g, Screen::Table);
                Flow::Closed
            }
            Some(EndAction::Menu) => {
                self.game = None;
                self.screen = Screen::Menu;
                Flow::Closed
            }
            Some(EndAction::Quit) => {
                self.quit = true;
                Flow::Go
            }
            None => Flow::Go,
        }
    }

    /// The globe view (first: its scene is drawn before anything else is queued, and a click
    /// in it is seen by the table this frame), then the table, the curtain or the game-over
    /// veil.
    fn table_draw(
        &mut self,
        game: &mut Game,
        layout: &mut Layout,
        dt: f32,
        mouse: Vec2,
        egui_pointer: bool,
        before: (
            u64,
            Option<crate::client::interact::Sel>,
            Option<crate::client::interact::CombatDraft>,
        ),
    ) {
        let (sw, sh) = (screen_width(), screen_height());
        let globe_rect = if self.linked.covers_table() {
            layout.table
        } else {
            Rect::new(layout.table.right(), 0.0, self.linked.width(sw), sh)
        };
        let free = self.screen == Screen::Table && !egui_pointer && self.fake_mouse.is_none();
        self.linked
            .frame(dt, game, &mut self.inter, layout, globe_rect, mouse, free);
        if before != (game.session.version(), self.inter.sel, self.inter.combat) {
            self.inter.refresh(game);
            *layout = self.table_layout(game, sw, sh);
        }
        self.anim
            .update(layout, game.state().orbit_counter, dt, game.session.speed);
        let linked = &self.linked;
        if linked.covers_table() {
            linked.overlay(&mut self.painter);
            self.painter.flush();
        } else {
            table::draw(
                &mut self.painter,
                game,
                layout,
                &self.inter,
                &self.anim,
                |p| linked.overlay(p),
            );
        }
        let t = layout.table;
        if game.curtain && !game.over() {
            draw_rectangle(t.x, t.y, t.w, t.h, theme::BG);
        } else if self.screen == Screen::GameOver {
            draw_rectangle(t.x, t.y, t.w, t.h, fade(theme::BG, 0.55));
        }
    }
}
