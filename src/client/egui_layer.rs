//! egui's output, painted through macroquad and kept between frames.
//!
//! egui-macroquad runs the egui passes and feeds them input; this module paints what they
//! produce. A context plugin takes the pass's shapes at its end (so egui-miniquad is left
//! nothing to draw) and keeps the font atlas changes. [`EguiLayer::draw`] compares the shapes
//! with the last frame's:
//!
//! * changed (a hover, a moving tooltip, a scroll, a new log line): tessellated and painted
//!   straight onto the window, as egui-miniquad would;
//! * unchanged: painted once into a render target the size of the window, and from then on
//!   that target is drawn over the frame, one quad per region that holds anything.
//!
//! Most frames the panel, the log and the tooltips do not change, and a few quads cost the
//! software rasteriser a fraction of the few thousand glyph triangles (docs/client.md).
//!
//! Colours are premultiplied throughout, as egui makes them: meshes are blended with
//! `(1, 1 − source alpha)`, into the window or the cleared target, and the target onto the
//! frame the same way. The window is multisampled, so egui's feathering is off there; the
//! target is not, so it is on there.
use super::ClientError;
use egui_macroquad::egui::{self, epaint::ClippedShape, ImageData, TextureId};
use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation, PipelineParams};
use macroquad::prelude::*;
use std::sync::{Arc, Mutex};

/// What the plugin took from the last egui pass.
#[derive(Default)]
struct Taken {
    shapes: Option<Vec<ClippedShape>>,
    font: Vec<egui::epaint::ImageDelta>,
    pixels_per_point: f32,
}

/// The painter of egui's output; see the module documentation.
pub struct EguiLayer {
    taken: Arc<Mutex<Taken>>,
    /// The shapes painted into `target`, and the scale and window size they were painted at.
    last: Vec<ClippedShape>,
    last_key: (f32, u32, u32),
    font: Option<Texture2D>,
    target: Option<RenderTarget>,
    /// The target holds `last`.
    kept: bool,
    /// Where the target holds anything: disjoint rectangles (pixels), each drawn as a quad.
    regions: Vec<Rect>,
    material: Option<Material>,
    /// Paint every frame afresh (`ORBITALS_EGUI_REPAINT=1`, to measure frames where the
    /// output changes).
    always_repaint: bool,
    /// Frames painted afresh and frames drawn from the kept target (for the benchmark).
    pub painted: u32,
    pub reused: u32,
}

const VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;
varying lowp vec2 uv;
varying lowp vec4 color;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
    uv = texcoord;
}"#;

const FRAGMENT: &str = r#"#version 100
varying lowp vec4 color;
varying lowp vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = color * texture2D(Texture, uv);
}"#;

/// The material of premultiplied colours: `(1, 1 − source alpha)` for colour and alpha.
fn premultiplied() -> Result<Material, ClientError> {
    let blend = BlendState::new(
        Equation::Add,
        BlendFactor::One,
        BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
    );
    load_material(
        ShaderSource::Glsl {
            vertex: VERTEX,
            fragment: FRAGMENT,
        },
        MaterialParams {
            pipeline_params: PipelineParams {
                color_blend: Some(blend),
                alpha_blend: Some(blend),
                ..Default::default()
            },
            ..Default::default()
        },
    )
    .map_err(|e| ClientError::Shader(e.to_string()))
}

impl EguiLayer {
    pub fn new() -> EguiLayer {
        EguiLayer {
            taken: Arc::new(Mutex::new(Taken::default())),
            last: Vec::new(),
            last_key: (0.0, 0, 0),
            font: None,
            target: None,
            regions: Vec::new(),
            kept: false,
            material: None,
            always_repaint: std::env::var("ORBITALS_EGUI_REPAINT").is_ok_and(|v| v == "1"),
            painted: 0,
            reused: 0,
        }
    }

    /// Installs the plugin that takes every pass's shapes and font atlas changes (call once,
    /// when egui is set up).
    pub fn install(&self, ctx: &egui::Context) {
        let taken = Arc::clone(&self.taken);
        ctx.on_end_pass(
            "orbitals egui layer",
            Arc::new(move |ctx: &egui::Context| {
                let (order, to_global) =
                    ctx.memory(|m| (m.layer_ids().collect::<Vec<_>>(), m.to_global.clone()));
                let shapes = ctx.graphics_mut(|g| g.drain(&order, &to_global));
                // The atlas change goes on to egui's texture manager as usual, and a copy
                // to this layer's font texture.
                let font = ctx.fonts(|f| f.font_image_delta());
                if let Some(d) = &font {
                    ctx.tex_manager()
                        .write()
                        .set(TextureId::default(), d.clone());
                }
                let mut t = taken.lock().unwrap_or_else(|e| e.into_inner());
                t.shapes = Some(shapes);
                t.font.extend(font);
                t.pixels_per_point = ctx.pixels_per_point();
            }),
        );
    }

    /// Draws the last egui pass's output over the frame (after everything else).
    pub fn draw(&mut self) {
        let (shapes, font, ppp) = {
            let mut t = self.taken.lock().unwrap_or_else(|e| e.into_inner());
            (
                t.shapes.take(),
                std::mem::take(&mut t.font),
                t.pixels_per_point,
            )
        };
        let font_changed = !font.is_empty();
        for d in &font {
            self.apply_font(d);
        }
        if self.material.is_none() {
            match premultiplied() {
                Ok(m) => self.material = Some(m),
                Err(e) => {
                    eprintln!("{e}");
                    return;
                }
            }
        }
        // No pass this frame: nothing to draw (as egui-miniquad would draw nothing).
        let Some(shapes) = shapes else {
            return;
        };
        let (w, h) = (
            screen_width().max(1.0) as u32,
            screen_height().max(1.0) as u32,
        );
        let key = (ppp, w, h);
        let changed =
            self.always_repaint || font_changed || key != self.last_key || shapes != self.last;
        if changed {
            // Changing output (a hover, a moving tooltip, a scroll) goes straight to the
            // window, as egui-miniquad painted it: painting a target it would not keep would
            // only add work. The target is painted once the output holds still.
            self.last = shapes;
            self.last_key = key;
            self.kept = false;
            self.paint_direct(ppp);
            self.painted += 1;
        } else {
            if !self.kept {
                self.paint_target(w, h, ppp);
                self.kept = true;
            }
            self.reused += 1;
            self.blit();
        }
        // Submitted now, as part of this frame's work (not at the swap).
        // SAFETY: macroquad's GL state is only used from this, the main thread.
        unsafe { get_internal_gl() }.flush();
    }

    fn apply_font(&mut self, d: &egui::epaint::ImageDelta) {
        let [w, h] = d.image.size();
        let bytes: Vec<u8> = match &d.image {
            ImageData::Color(img) => img.pixels.iter().flat_map(|c| c.to_array()).collect(),
            ImageData::Font(img) => img.srgba_pixels(None).flat_map(|c| c.to_array()).collect(),
        };
        let filter = match d.options.magnification {
            egui::TextureFilter::Nearest => FilterMode::Nearest,
            egui::TextureFilter::Linear => FilterMode::Linear,
        };
        match (d.pos, &self.font) {
            (Some([x, y]), Some(tex)) => {
                let img = Image {
                    bytes,
                    width: w as u16,
                    height: h as u16,
                };
                tex.update_part(&img, x as i32, y as i32, w as i32, h as i32);
            }
            _ => {
                let tex = Texture2D::from_rgba8(w as u16, h as u16, &bytes);
                tex.set_filter(filter);
                self.font = Some(tex);
            }
        }
    }

    /// Tessellates `self.last`, with egui's feathering on or off.
    fn tessellate(&self, ppp: f32, feathering: bool) -> Vec<egui::ClippedPrimitive> {
        let mut prims = Vec::new();
        egui_macroquad::cfg(|ctx| {
            let before = ctx.tessellation_options(|o| o.feathering);
            ctx.tessellation_options_mut(|o| o.feathering = feathering);
            prims = ctx.tessellate(self.last.clone(), ppp);
            ctx.tessellation_options_mut(|o| o.feathering = before);
        });
        prims
    }

    /// Paints `self.last` straight onto the window. With multisampling (the default) its edges
    /// are smooth already and egui's feathering is left off: it would add a ring of vertices
    /// to every shape.
    fn paint_direct(&mut self, ppp: f32) {
        let Some(material) = &self.material else {
            return;
        };
        let prims = self.tessellate(ppp, super::msaa() < 2);
        let (w, h) = (screen_width(), screen_height());
        gl_use_material(material);
        submit(prims, ppp, w, h, self.font.as_ref(), |x, y, cw, ch| {
            (x, y, cw, ch)
        });
        gl_use_default_material();
    }

    /// Paints `self.last` into the target (made or remade at the window's size), with egui's
    /// feathering (the target has no multisampling), and notes where it holds anything.
    fn paint_target(&mut self, w: u32, h: u32, ppp: f32) {
        let stale = self
            .target
            .as_ref()
            .is_none_or(|t| t.texture.width() as u32 != w || t.texture.height() as u32 != h);
        if stale {
            let t = render_target(w, h);
            t.texture.set_filter(FilterMode::Nearest);
            self.target = Some(t);
        }
        let prims = self.tessellate(ppp, true);
        let (Some(target), Some(material)) = (&self.target, &self.material) else {
            return;
        };
        let (fw, fh) = (w as f32, h as f32);
        set_camera(&Camera2D {
            zoom: vec2(2.0 / fw, 2.0 / fh),
            target: vec2(fw / 2.0, fh / 2.0),
            render_target: Some(target.clone()),
            ..Default::default()
        });
        clear_background(Color::new(0.0, 0.0, 0.0, 0.0));
        gl_use_material(material);
        // The target's rows run bottom-up while macroquad flips clip rectangles for a
        // top-down window: flip them back.
        let regions = submit(prims, ppp, fw, fh, self.font.as_ref(), |x, y, cw, ch| {
            (x, h as i32 - y - ch, cw, ch)
        });
        gl_use_default_material();
        set_default_camera();
        self.regions = disjoint(regions);
    }

    /// The target's regions over the frame, one quad each.
    fn blit(&self) {
        let (Some(target), Some(material)) = (&self.target, &self.material) else {
            return;
        };
        gl_use_material(material);
        // Disjoint, so that no pixel is blended twice.
        for r in &self.regions {
            draw_texture_ex(
                &target.texture,
                r.x,
                r.y,
                WHITE,
                DrawTextureParams {
                    dest_size: Some(vec2(r.w, r.h)),
                    source: Some(*r),
                    ..Default::default()
                },
            );
        }
        gl_use_default_material();
    }
}

/// Submits egui's meshes (font texture only) with their clip rectangles as scissors
/// (`scissor` maps a top-down rectangle to what macroquad should get), on a surface of
/// `w` × `h` pixels. Returns where each mesh can show: its bounds within its clip rectangle.
fn submit(
    prims: Vec<egui::ClippedPrimitive>,
    ppp: f32,
    w: f32,
    h: f32,
    font: Option<&Texture2D>,
    scissor: impl Fn(i32, i32, i32, i32) -> (i32, i32, i32, i32),
) -> Vec<Rect> {
    // SAFETY: macroquad's GL state is only used from this, the main thread.
    let gl = unsafe { get_internal_gl() }.quad_gl;
    let mut verts: Vec<Vertex> = Vec::new();
    let mut regions = Vec::new();
    for egui::ClippedPrimitive {
        clip_rect,
        primitive,
    } in prims
    {
        let egui::epaint::Primitive::Mesh(mesh) = primitive else {
            continue;
        };
        if mesh.texture_id != TextureId::default() {
            continue;
        }
        let x0 = (clip_rect.min.x * ppp).round().clamp(0.0, w);
        let y0 = (clip_rect.min.y * ppp).round().clamp(0.0, h);
        let x1 = (clip_rect.max.x * ppp).round().clamp(0.0, w);
        let y1 = (clip_rect.max.y * ppp).round().clamp(0.0, h);
        if x1 <= x0 || y1 <= y0 {
            continue;
        }
        let b = mesh.calc_bounds();
        let (bx0, by0) = (
            (b.min.x * ppp).floor().max(x0),
            (b.min.y * ppp).floor().max(y0),
        );
        let (bx1, by1) = (
            (b.max.x * ppp).ceil().min(x1),
            (b.max.y * ppp).ceil().min(y1),
        );
        if bx1 > bx0 && by1 > by0 {
            regions.push(Rect::new(bx0, by0, bx1 - bx0, by1 - by0));
        }
        let (x0, y0, x1, y1) = (x0 as i32, y0 as i32, x1 as i32, y1 as i32);
        gl.scissor(Some(scissor(x0, y0, x1 - x0, y1 - y0)));
        for m in mesh.split_to_u16() {
            verts.clear();
            verts.extend(m.vertices.iter().map(|v| Vertex {
                position: vec3(v.pos.x * ppp, v.pos.y * ppp, 0.0),
                uv: vec2(v.uv.x, v.uv.y),
                color: v.color.to_array(),
                normal: Vec4::ZERO,
            }));
            gl.texture(font);
            gl.draw_mode(DrawMode::Triangles);
            gl.geometry(&verts, &m.indices);
        }
    }
    gl.scissor(None);
    regions
}

/// Rectangles that cover what `rects` cover and do not overlap: overlapping ones are merged
/// into their bounding rectangle until none overlap.
fn disjoint(mut rects: Vec<Rect>) -> Vec<Rect> {
    'merge: loop {
        for i in 0..rects.len() {
            for j in i + 1..rects.len() {
                if rects[i].overlaps(&rects[j]) {
                    let r = rects.swap_remove(j);
                    rects[i] = rects[i].combine_with(r);
                    continue 'merge;
                }
            }
        }
        return rects;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_merged_until_disjoint() {
        let panel = Rect::new(980.0, 0.0, 300.0, 800.0);
        let button = Rect::new(1000.0, 100.0, 200.0, 30.0);
        let tooltip = Rect::new(300.0, 200.0, 150.0, 80.0);
        let toggles = Rect::new(360.0, 770.0, 240.0, 30.0);
        let out = disjoint(vec![panel, button, tooltip, toggles]);
        assert_eq!(out.len(), 3);
        assert!(out.contains(&panel) && out.contains(&tooltip) && out.contains(&toggles));
        for (i, a) in out.iter().enumerate() {
            for b in &out[i + 1..] {
                assert!(!a.overlaps(b), "{a:?} {b:?}");
            }
        }
        // A chain: merging two makes the union overlap a third.
        let chain = disjoint(vec![
            Rect::new(0.0, 0.0, 10.0, 10.0),
            Rect::new(30.0, 0.0, 10.0, 10.0),
            Rect::new(5.0, 5.0, 10.0, 10.0),
            Rect::new(12.0, 12.0, 20.0, 1.0),
        ]);
        assert_eq!(chain, vec![Rect::new(0.0, 0.0, 40.0, 15.0)]);
        assert!(disjoint(Vec::new()).is_empty());
    }
}
