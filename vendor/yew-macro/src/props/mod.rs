mod component;
mod element;
mod prop;
mod prop_macro;

pub use component::*;
pub use element::*;
pub use prop::*;
pub use prop_macro::PropsMacroInput;

const CHILDREN_LABEL: &str = "children";
