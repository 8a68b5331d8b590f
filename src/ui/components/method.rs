//! How the figures are calculated, and what they leave out.

use yew::prelude::*;

#[function_component(Method)]
pub fn method() -> Html {
    html! {
        <section class="method" aria-labelledby="method-title">
            <h2 id="method-title">{ "How this is calculated" }</h2>
            <dl>
                <dt>{ "Board power per server" }</dt>
                <dd>{ "cards per server × power limit per card (W)" }</dd>
                <dt>{ "Energy per output token" }</dt>
                <dd>{ "board power (W) ÷ output tokens per second = joules per token" }</dd>
                <dt>{ "Per million tokens" }</dt>
                <dd>{ "J/token × 1,000,000 ÷ 3,600 = Wh per million tokens (1 J/token ≈ 277.8 Wh)" }</dd>
                <dt>{ "Energy per day" }</dt>
                <dd>{ "board power × servers × 24 h: every card at its limit around the clock, busy or idle" }</dd>
                <dt>{ "Heat" }</dt>
                <dd>{ "all of that power ends as heat: 1 W = 3.412141633 BTU/h" }</dd>
            </dl>
            <h3>{ "Kinds of figure" }</h3>
            <ul class="kinds">
                <li class="kind-ceiling"><strong>{ "Ceiling" }</strong>{ ": an upper bound computed from the power limit, not a measurement. The cards may well have drawn less. It counts the GPU boards alone: processors, memory, fans, power-supply losses and cooling come on top. It holds only at the power setting the throughput was published for." }</li>
                <li class="kind-measured"><strong>{ "Measured" }</strong>{ ": a figure someone metered, with its scope. MLPerf Power meters the whole node, AC at the wall, during the benchmark's measured window." }</li>
                <li class="kind-estimate"><strong>{ "Estimate" }</strong>{ ": a figure that rests on an assumption this page names beside it, such as a throughput scaled to another card count or used at a power limit it was not published for." }</li>
            </ul>
        </section>
    }
}
