//! The four HQ buildings (G8): [`space_port`] (orbit and descent, G13), [`factory`] (produce,
//! heal), [`drill_cannon`] (ready, aim, fire) and [`treasury`] (save, spend). Building them is
//! [`super::build`]; removing one's own is [`super::destroy`].
pub mod drill_cannon;
pub mod factory;
pub mod space_port;
pub mod treasury;
