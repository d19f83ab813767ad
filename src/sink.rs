//! Where a rules engine writes the events of a command: a `Vec` keeps them, `()` drops them
//! (fast playouts). Each ruleset names its own `EventSink` for its event type on top of this.

/// Receives the events of one ruleset, of type `E`.
pub trait Sink<E> {
    fn push(&mut self, e: E);
}

impl<E> Sink<E> for Vec<E> {
    fn push(&mut self, e: E) {
        Vec::push(self, e)
    }
}

impl<E> Sink<E> for () {
    #[inline]
    fn push(&mut self, _: E) {}
}
