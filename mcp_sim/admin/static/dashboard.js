// The mcp-sim dashboard: reads the admin API, flips routing flags. Data is inserted as text, never as HTML.
"use strict";

const api = (path) => new URL(path, document.baseURI).toString();
let token = sessionStorage.getItem("mcp-sim-token") || "";
let selected = null; // {experiment, key}

// A token given as #token=... never reaches the server's logs (browsers do not send the fragment).
const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.get("token")) {
  token = fragment.get("token");
  sessionStorage.setItem("mcp-sim-token", token);
  history.replaceState(null, "", location.pathname + location.search);
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child instanceof Node ? child : String(child ?? ""));
  return node;
}

function say(message, isError) {
  const status = document.getElementById("status");
  status.textContent = message;
  status.className = isError ? "error" : "";
}

async function call(method, path, body) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = "Bearer " + token;
  const response = await fetch(api(path), { method, headers, body: body && JSON.stringify(body) });
  if (response.status === 401) {
    document.getElementById("token-form").hidden = false;
    throw new Error("this server needs a bearer token");
  }
  if (!response.ok) {
    const detail = (await response.json().catch(() => ({}))).detail;
    throw new Error(typeof detail === "string" ? detail : response.status + " " + response.statusText);
  }
  return response.status === 204 ? null : response.json();
}

const routeBadge = (route) => el("span", { class: "route route-" + route }, route);

const NEEDS_BACKEND = new Set(["real", "record", "shadow"]);

function routeSelect(names, current, onchange, hasBackend = true) {
  const select = el("select", { onchange: (e) => onchange(e.target.value) });
  for (const name of names) {
    const option = el("option", { value: name }, name);
    option.selected = name === current;
    option.disabled = !hasBackend && NEEDS_BACKEND.has(name); // the API would refuse it (409)
    select.append(option);
  }
  return select;
}

async function switchRouting(experiment, change) {
  try {
    await call("PATCH", "experiments/" + encodeURIComponent(experiment) + "/routing", change);
    say("routing of " + experiment + " switched (new sessions)");
  } catch (error) {
    say(error.message, true);
  }
  await refresh();
}

function autoTable(auto) {
  // route: auto, per tool: the decision evaluated now and the evidence behind it
  const rows = auto.tools.map((t) => el("tr", { "data-auto-tool": t.tool }, el("td", {}, t.tool),
    el("td", {}, routeBadge(t.route), t.decided ? "" : " (measuring)"),
    el("td", {}, t.evidence.fidelity === null ? "-" : t.evidence.fidelity.toFixed(3)),
    el("td", {}, t.evidence.source + " x" + t.evidence.samples),
    el("td", { class: t.flagged ? "flagged" : "muted" }, t.flagged || t.reason)));
  return [el("h4", {}, "route: auto (threshold " + auto.threshold + ", min " + auto.min_samples + " samples)"),
    el("table", { class: "auto" }, el("tr", {}, el("th", {}, "tool"), el("th", {}, "decision"),
      el("th", {}, "fidelity"), el("th", {}, "evidence"), el("th", {}, "why")), ...rows)];
}

function experimentCard(x, fidelity, auto) {
  const tools = el("table", {}, el("tr", {}, el("th", {}, "tool"), el("th", {}, "route"), el("th", {}, "backend")));
  for (const tool of x.tools) {
    const select = routeSelect(x.route_names, tool.route, (route) =>
      switchRouting(x.name, { tools: { [tool.name]: route } }), tool.upstream !== null);
    tools.append(el("tr", { "data-tool": tool.name }, el("td", {}, tool.name), el("td", {}, select),
      el("td", { class: "muted" }, tool.upstream || "none (simulated only)")));
  }
  const flag = routeSelect(x.route_names, x.routing.default, (route) => switchRouting(x.name, { default: route }));
  flag.id = "flag-" + x.name;
  const card = el("div", { class: "card", "data-experiment": x.name },
    el("h3", {}, x.name, x.default ? " (default)" : ""),
    el("div", { class: "muted" }, x.description || ""),
    el("div", {}, "MCP: ", el("code", {}, x.mcp_paths.join("  "))),
    el("div", {}, "sim-vs-real flag for new sessions: ", flag, "  profile: ", el("code", {}, x.profile),
      "  sessions: ", x.sessions),
    tools);
  if (auto && auto.tools.length) card.append(...autoTable(auto));
  if (fidelity && fidelity.figures) card.append(fidelityPanel(fidelity));
  if (fidelity && fidelity.tools.length) {
    const rows = fidelity.tools.map((t) => el("tr", {}, el("td", {}, t.tool), el("td", {}, t.compared),
      el("td", {}, t.mean_divergence.toFixed(3))));
    card.append(el("h4", {}, "Fidelity (shadow calls)"), el("table", { class: "fidelity" },
      el("tr", {}, el("th", {}, "tool"), el("th", {}, "compared"), el("th", {}, "mean divergence")), ...rows));
  }
  return card;
}

// The figures of fidelity-metrics.md as mcp-sim fidelity's chart draws them: a bar per tool and measure, green
// where the goal (from the API) is met, the counts behind each percentage beside it.
const FIDELITY_BARS = [["is_error_agreement", "isError agreement"], ["structural_match", "structural match"],
  ["semantic", "semantic"], ["any_violation", "calls with a violation"]];
const AT_MOST = new Set(["any_violation"]); // lower is better

function fidelityBar(measure, tally, goals) {
  if (!tally || tally.rate === null || tally.rate === undefined) return el("td", { class: "muted" }, "-");
  const goal = goals[measure];
  const met = goal === undefined || (AT_MOST.has(measure) ? tally.rate <= goal : tally.rate >= goal);
  const fill = el("span", { class: met ? "met" : "missed", style: "width:" + Math.round(100 * tally.rate) + "%" });
  return el("td", { "data-measure": measure }, el("span", { class: "bar", title: met ? "goal met" : "goal missed" }, fill),
    " " + Math.round(100 * tally.rate) + "% ", el("small", { class: "muted" }, tally.hits + "/" + tally.of));
}

function fidelityPanel(fidelity) {
  const figures = fidelity.figures;
  const rows = [["overall", figures.overall, "server"]];
  for (const [server, tools] of Object.entries(figures.tools || {})) {
    rows.push([server, figures.servers[server], "server"]);
    for (const [tool, pooled] of Object.entries(tools)) rows.push([server + " / " + tool, pooled, ""]);
  }
  const table = el("table", { class: "fidelity-figures" },
    el("tr", {}, el("th", {}, "scope"), el("th", {}, "calls"), ...FIDELITY_BARS.map(([, label]) => el("th", {}, label))));
  for (const [scope, pooled, kind] of rows) {
    table.append(el("tr", { class: kind, "data-scope": scope }, el("td", {}, scope), el("td", {}, pooled.calls),
      ...FIDELITY_BARS.map(([measure]) => fidelityBar(measure, pooled.measures[measure], fidelity.goals))));
  }
  const mode = figures.mode ? ", mode " + figures.mode : "";
  return el("div", { class: "fidelity-panel" }, el("h4", {}, "Fidelity per tool (" + fidelity.source + mode + ")"),
    el("div", { class: "muted" }, "green: the goal is met (isError agreement \u2265 95 %, structural match \u2265 50 %, "
      + "calls with a violation \u2264 5 %); after each bar: hits/of"), table);
}

function sessionRow(s) {
  const row = el("tr", { onclick: () => { selected = { experiment: s.experiment, key: s.key }; refresh(); } },
    el("td", {}, s.experiment), el("td", {}, el("code", {}, s.key)), el("td", {}, s.calls),
    el("td", {}, s.routing ? routeBadge(s.routing.default) : "-"), el("td", {}, s.profile || "-"),
    el("td", {}, s.last_call_at ? new Date(s.last_call_at * 1000).toLocaleTimeString() : "-"));
  if (selected && selected.experiment === s.experiment && selected.key === s.key) row.className = "selected";
  return row;
}

function outcomeOf(turn) {
  if (turn.error) return "protocol_error";
  return turn.result && turn.result.isError ? "tool_error" : "ok";
}

function callRow(turn) {
  const perturbations = turn.decisions.filter((d) => d.fired !== false)
    .map((d) => el("span", { class: "perturbation" }, d.type || "?"));
  const outcome = outcomeOf(turn);
  return el("tr", {}, el("td", {}, turn.index), el("td", { class: "tool" }, turn.tool),
    el("td", {}, routeBadge(turn.route)), el("td", {}, ...(perturbations.length ? perturbations : ["-"])),
    el("td", { class: "outcome-" + outcome }, outcome), el("td", {}, turn.duration_ms.toFixed(1)),
    el("td", {}, el("code", {}, JSON.stringify(turn.arguments))));
}

async function refresh() {
  try {
    const experiments = await call("GET", "experiments");
    const fidelity = await Promise.all(experiments.map((x) =>
      call("GET", "experiments/" + encodeURIComponent(x.name) + "/fidelity").catch(() => null)));
    const auto = await Promise.all(experiments.map((x) => x.tools.some((t) => t.route === "auto")
      ? call("GET", "experiments/" + encodeURIComponent(x.name) + "/auto").catch(() => null) : null));
    document.getElementById("experiments").replaceChildren(
      ...experiments.map((x, i) => experimentCard(x, fidelity[i], auto[i])));
    const sessions = await call("GET", "sessions");
    if (!selected && sessions.length) selected = { experiment: sessions[0].experiment, key: sessions[0].key };
    document.querySelector("#sessions tbody").replaceChildren(...sessions.map(sessionRow));
    await showCalls();
  } catch (error) {
    say(error.message, true);
  }
}

async function showCalls() {
  const body = document.querySelector("#calls tbody");
  if (!selected) return body.replaceChildren();
  const session = await call("GET", "sessions/" + encodeURIComponent(selected.experiment) + "/" +
    encodeURIComponent(selected.key));
  document.getElementById("session-name").textContent = session.experiment + " / " + session.key;
  body.replaceChildren(...session.turns.map(callRow));
}

document.getElementById("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  token = document.getElementById("token").value;
  sessionStorage.setItem("mcp-sim-token", token);
  document.getElementById("token-form").hidden = true;
  refresh();
});

refresh();
