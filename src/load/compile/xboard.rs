//! `xboard:`: the name the XBoard protocol knows the variant by.

use crate::formats::xboard_names::{engine_defined_name, xboard_variants};
use crate::load::definition::Sp;

use super::Ctx;

/// The `xboard:` name: one of XBoard's own variants, or the name of an engine-defined
/// variant that XBoard would not misread (for a file whose name XBoard would).
pub(super) fn xboard_name(cx: &mut Ctx, name: Option<&Sp<String>>) -> Option<String> {
    let name = name?;
    let own = xboard_variants().any(|n| n == name.value);
    if own || engine_defined_name(&name.value).as_ref() == Ok(&name.value) {
        return Some(name.value.clone());
    }
    cx.error(
        name,
        "fairy::unknown-xboard-variant",
        format!(
            "XBoard has no variant `{}`, and would misread it as an engine's own",
            name.value
        ),
        "not an XBoard variant",
        &format!(
            "leave `xboard:` out for a variant XBoard does not know (`fairy xboard` then \
             describes it to XBoard itself under the file's name), or give a name in camel \
             case (`AtomFischer`) that holds none of XBoard's own; XBoard's own: {}",
            xboard_variants().collect::<Vec<_>>().join(", ")
        ),
    );
    None
}
