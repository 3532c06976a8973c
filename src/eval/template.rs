//! Evaluation of templates: literal text, interpolations, and the `%{ if }`
//! and `%{ for }` directives, with HCL's *template interpolation
//! unwrapping* (a template that is exactly one interpolation is that
//! expression's value, not a string).
//!
//! A template otherwise yields a string: every interpolated value is
//! converted to one (null is an error), and any unknown part makes the
//! whole result an unknown string, while the other parts are still
//! evaluated so their errors are reported.

use super::context::Env;
use super::expr::{Condition, Eval};
use super::for_expr::Iteration;
use crate::native::{Span, Template, TemplateFor, TemplateIf, TemplatePart};
use std::cell::RefCell;
use std::fmt::Write as _;

use crate::value::{limits, try_convert, Number, Str, Type, Value};

/// The text built so far, or `None` once some part is unknown.
type Output = Option<String>;

impl Eval<'_> {
    /// The value of a template, unwrapping a lone interpolation.
    pub(super) fn template(&mut self, t: &Template, ctx: &Env<'_>) -> Value {
        match t.as_single_interpolation() {
            Some(expr) => self.value(expr, ctx),
            None => self.template_string(t, ctx),
        }
    }

    /// The value of a template as a string (no unwrapping: the branches
    /// and bodies of directives are always strings).
    /// The marks of every interpolated value and directive condition and
    /// collection go on the string.
    fn template_string(&mut self, t: &Template, ctx: &Env<'_>) -> Value {
        // Plain text (a quoted string: `","`, `"b"`) is its own value, with
        // no output buffer to fill and copy out of.
        if let [TemplatePart::Literal { text, span }] = t.parts.as_slice() {
            return if self.charged(limits::charge_bytes(text.len() as u64), *span) {
                Value::String(Str::from(text.as_str()))
            } else {
                Value::unknown(Type::String)
            };
        }
        let outer = self.gather_start();
        let value = self.template_text(t, ctx);
        self.gathered(value, outer)
    }

    #[inline]
    fn template_text(&mut self, t: &Template, ctx: &Env<'_>) -> Value {
        let mut buffer = take_buffer();
        buffer.reserve(output_estimate(t));
        let mut out = Some(buffer);
        self.append_parts(&mut out, t, ctx);
        match out {
            Some(text) => {
                // Copied out of the reused buffer: a short text is held
                // inline in the string value, with no allocation at all.
                let value = Value::String(Str::from(text.as_str()));
                give_back_buffer(text);
                value
            }
            None => Value::unknown(Type::String),
        }
    }

    fn append_parts(&mut self, out: &mut Output, t: &Template, ctx: &Env<'_>) {
        for part in &t.parts {
            match part {
                TemplatePart::Literal { text, span } => self.push_text(out, text, *span),
                TemplatePart::Interpolation { expr, .. } => {
                    let mark = self.mark();
                    let value = self.value_cow(expr, ctx);
                    if self.failed_since(mark) {
                        *out = None;
                    } else {
                        self.append_value(out, &value, expr.span);
                    }
                }
                TemplatePart::If(directive) => self.append_if(out, directive, ctx),
                TemplatePart::For(directive) => self.append_for(out, directive, ctx),
            }
        }
    }

    /// Appends text to the output, charging it to the evaluation budget
    /// first (a `%{ for }` can multiply a short text many times); a spent
    /// budget is reported on `span` and ends the output.
    fn push_text(&mut self, out: &mut Output, text: &str, span: Span) {
        if let Some(o) = out {
            if self.charged(limits::charge_bytes(text.len() as u64), span) {
                o.push_str(text);
            } else {
                *out = None;
            }
        }
    }

    /// Appends an interpolated value, converted to a string.
    fn append_value(&mut self, out: &mut Output, value: &Value, span: Span) {
        match value {
            Value::Marked(m) => {
                self.marks |= m.marks();
                self.append_value(out, m.value(), span);
            }
            Value::String(s) => self.push_text(out, s, span),
            // What the conversion to string would give, without building
            // that string value first.
            Value::Bool(b) => self.push_text(out, if *b { "true" } else { "false" }, span),
            Value::Number(n) => self.push_number(out, n, span),
            Value::Unknown(_) => *out = None,
            Value::Null(_) => self.error(
                "Invalid template interpolation value",
                "The expression result is null. Cannot include a null value in a string template.",
                span,
            ),
            other => match try_convert(other, &Type::String, true) {
                Ok(Value::String(s)) => self.push_text(out, &s, span),
                Ok(_) => *out = None,
                Err(e) => self.error(
                    "Invalid template interpolation value",
                    format!("Cannot include the given value in a string template: {e}."),
                    span,
                ),
            },
        }
    }

    /// Appends a number as the conversion to string writes it (its
    /// `Display`, ASCII), charged like any text once written.
    fn push_number(&mut self, out: &mut Output, n: &Number, span: Span) {
        if let Some(o) = out {
            let start = o.len();
            // Writing into a String cannot fail.
            let _ = write!(o, "{n}");
            let added = (o.len() - start) as u64;
            if !self.charged(limits::charge_bytes(added), span) {
                *out = None;
            }
        }
    }

    /// `%{ if cond }...%{ else }...%{ endif }`: only the selected branch is
    /// evaluated; an unknown condition makes the result unknown.
    fn append_if(&mut self, out: &mut Output, directive: &TemplateIf, ctx: &Env<'_>) {
        let Condition::Is(selected) = self.condition(&directive.cond, directive.span, ctx) else {
            *out = None;
            return;
        };
        if selected {
            self.append_parts(out, &directive.then, ctx);
        } else if let Some(otherwise) = &directive.otherwise {
            self.append_parts(out, otherwise, ctx);
        }
    }

    /// The bool of a condition, as HCL's `ConditionalExpr` reads it; its
    /// marks go to [`Eval::marks`].
    pub(crate) fn condition(
        &mut self,
        cond: &crate::native::Expr,
        context: Span,
        ctx: &Env<'_>,
    ) -> Condition {
        let mark = self.mark();
        let value = self.value_cow(cond, ctx);
        let value = self.gather(value);
        if self.failed_since(mark) || !value.is_known() {
            return Condition::Unknown;
        }
        if let Value::Bool(b) = &*value {
            return Condition::Is(*b);
        }
        if value.is_null() {
            self.error_in(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
                cond.span,
                context,
            );
            return Condition::Invalid;
        }
        match try_convert(&value, &Type::Bool, true) {
            Ok(Value::Bool(b)) => Condition::Is(b),
            Ok(_) => Condition::Unknown,
            Err(_) => {
                self.error_in(
                    "Incorrect condition type",
                    "The condition expression must be of type bool.",
                    cond.span,
                    context,
                );
                Condition::Invalid
            }
        }
    }

    /// `%{ for k, v in coll }...%{ endfor }`: the body once per element,
    /// in the collection's iteration order.
    fn append_for(&mut self, out: &mut Output, directive: &TemplateFor, ctx: &Env<'_>) {
        let iteration = Iteration {
            key_var: directive.key_var.as_ref(),
            value_var: &directive.value_var,
            collection: &directive.collection,
            filter: None,
            span: directive.span,
        };
        let complete = self.iterate(&iteration, ctx, |eval, scope| {
            eval.append_parts(out, &directive.body, scope);
            true
        });
        if !complete {
            *out = None;
        }
    }
}

/// How many output buffers a thread keeps for templates to come (one per
/// level of templates nested in each other's interpolations is in use at
/// once), and the largest capacity kept, so an unusually long output does
/// not stay allocated.
const KEPT_BUFFERS: usize = 8;
const KEPT_CAPACITY: usize = 4096;

thread_local! {
    /// Output buffers of finished templates, for the next ones.
    static BUFFERS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// An empty output buffer: a kept one, or a new one.
/// (`try_with`: a template evaluated while the thread's storage is torn
/// down, from some destructor, gets a fresh buffer instead of a panic.)
fn take_buffer() -> String {
    BUFFERS
        .try_with(|b| b.borrow_mut().pop())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Keeps `buffer` for another template, if there is room and it is not
/// too large.
#[inline]
fn give_back_buffer(mut buffer: String) {
    if buffer.capacity() > KEPT_CAPACITY {
        return;
    }
    buffer.clear();
    let _ = BUFFERS.try_with(|b| {
        let mut kept = b.borrow_mut();
        if kept.len() < KEPT_BUFFERS {
            kept.push(buffer);
        }
    });
}

/// A first capacity for a template's output: its literal text plus a few
/// bytes per other part, so that a typical template (`ami-${var.region}-0`)
/// is built without growing its buffer part by part.
fn output_estimate(t: &Template) -> usize {
    t.parts
        .iter()
        .map(|part| match part {
            TemplatePart::Literal { text, .. } => text.len(),
            _ => 16,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use crate::eval::EvalContext;
    use crate::value::{try_convert, Number, Type, Value};

    /// The value of `template` (a JSON string's text) with variable `x`.
    fn eval(template: &str, x: Value) -> Value {
        let src = format!("{{\"a\": {}}}", serde_json::to_string(template).unwrap());
        let file = crate::body::parse(&src, "t.json").unwrap();
        let attrs = file.body().just_attributes().unwrap();
        let ctx = EvalContext::new().with_variable("x", x);
        attrs["a"].expr.value(&ctx).unwrap()
    }

    /// Outputs built in a reused buffer are the strings a fresh one gives:
    /// short (held inline), long (past the kept capacity), and normalized
    /// to NFC where the parts join into a composable pair.
    #[test]
    fn outputs_from_reused_buffers_are_the_joined_text_in_nfc() {
        let long = "y".repeat(super::KEPT_CAPACITY + 10);
        for _ in 0..3 {
            assert_eq!(eval("a${x}b", Value::from("-")), Value::from("a-b"));
            assert_eq!(
                eval("<${x}>", Value::from(long.as_str())),
                Value::from(format!("<{long}>"))
            );
            // "e" then a combining acute accent: NFC composes them.
            assert_eq!(eval("e${x}", Value::from("\u{301}")), Value::from("\u{e9}"));
            assert_eq!(
                eval(
                    "%{ for c in x }${c}.%{ endfor }",
                    Value::tuple([Value::from("p"), Value::from("q")])
                ),
                Value::from("p.q.")
            );
        }
    }

    #[test]
    fn interpolated_numbers_and_bools_read_as_their_conversion_to_string() {
        let numbers = [
            "0",
            "-0",
            "1",
            "-17",
            "3.14159",
            "1e30",
            "1.5e-7",
            "0.1",
            "123456789012345678901234567890",
            "-2.5",
            "1e-400",
        ];
        let mut values: Vec<Value> = numbers
            .iter()
            .map(|n| Value::Number(n.parse::<Number>().unwrap()))
            .collect();
        values.push(Value::Number(Number::INFINITY));
        values.push(Value::Number(Number::NEG_INFINITY));
        values.extend([Value::Bool(true), Value::Bool(false)]);
        for v in values {
            let Ok(Value::String(general)) = try_convert(&v, &Type::String, true) else {
                panic!("{v:?} converts to a string");
            };
            assert_eq!(
                eval("<${x}>", v.clone()),
                Value::from(format!("<{general}>")),
                "{v:?}"
            );
        }
    }
}
