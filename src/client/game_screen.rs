//! What the game screens (Globetrotter, Mothership, RoveR) share: one frame's inputs and the
//! `frame` method every screen answers the app with ([`screen_frame!`]): the screen's clock
//! and its session advance, then the screen's own `run_frame` takes input and draws.
use macroquad::prelude::{mouse_position, Vec2};

/// One frame's inputs: the time since the last frame, egui's zoom factor, and a pointer
/// position standing in for the mouse (screenshots and benchmarks).
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub dt: f32,
    pub zoom: f32,
    pub fake_mouse: Option<Vec2>,
}

impl Frame {
    /// Where the pointer is: the stand-in, else the mouse.
    pub fn mouse(&self) -> Vec2 {
        self.fake_mouse.unwrap_or_else(|| mouse_position().into())
    }
}

/// The `frame` method of a game screen with a `time: f32` clock and a `session` that has
/// `update(dt)`: both advance, then `self.run_frame(&Frame, &mut Painter)` does the rest.
macro_rules! screen_frame {
    ($exit:ty) => {
        /// One frame. `zoom` is egui's zoom factor; `fake_mouse` stands in for the pointer.
        pub fn frame(
            &mut self,
            dt: f32,
            painter: &mut $crate::client::paint::Painter,
            zoom: f32,
            fake_mouse: Option<macroquad::prelude::Vec2>,
        ) -> Option<$exit> {
            self.time += dt;
            self.session.update(dt);
            let frame = $crate::client::game_screen::Frame {
                dt,
                zoom,
                fake_mouse,
            };
            self.run_frame(&frame, painter)
        }
    };
}
pub(crate) use screen_frame;
