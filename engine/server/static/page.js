// The loop watcher: sends chat requests to this server and shows a loop's rounds as they stream,
// or the loops of a records file read locally. No framework, no build step. Everything the model
// wrote (and everything a records file holds) goes into the page as text (textContent), never HTML.
"use strict";

const KEY_STORE = "selfrefine.apiKey";
const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ small DOM helpers

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

// ------------------------------------------------------------------ the API key and calls

function apiKey() {
  return sessionStorage.getItem(KEY_STORE) || "";
}

function api(path, options = {}) {
  const headers = Object.assign({}, options.headers || {});
  const key = apiKey();
  if (key) headers["Authorization"] = "Bearer " + key;
  return fetch(path, Object.assign({}, options, { headers }));
}

async function errorText(res) {
  try {
    const body = await res.json();
    if (body && body.error && body.error.message) return `${res.status}: ${body.error.message}`;
  } catch (e) {
    /* not JSON */
  }
  return `HTTP ${res.status}`;
}

async function loadModels() {
  const status = $("models-status");
  const select = $("model");
  status.textContent = "";
  let res;
  try {
    res = await api("/v1/models");
  } catch (e) {
    status.textContent = "cannot reach the server: " + e;
    return;
  }
  if (!res.ok) {
    const hint = res.status === 401 ? " (enter the server's API key above)" : "";
    status.textContent = "models: " + (await errorText(res)) + hint;
    status.classList.add("error");
    return;
  }
  status.classList.remove("error");
  const body = await res.json();
  const before = select.value;
  clear(select);
  for (const m of body.data || []) {
    const opt = el("option", null, m.id);
    opt.value = m.id;
    select.appendChild(opt);
  }
  const refining = (body.data || []).find((m) => m.id.endsWith("-selfrefine"));
  select.value = before && [...select.options].some((o) => o.value === before) ? before : refining ? refining.id : "";
  status.textContent = `${(body.data || []).length} models; the -selfrefine name runs the loop`;
  syncLoopOptions();
}

function syncLoopOptions() {
  $("loop-options").disabled = !$("model").value.endsWith("-selfrefine");
}

// ------------------------------------------------------------------ word diff (LCS)

function tokens(text) {
  return String(text || "").match(/\s+|[^\s]+/g) || [];
}

// [op, text] pieces turning `a` into `b`: op is "=", "-" (only in a) or "+" (only in b).
function wordDiff(a, b) {
  const x = tokens(a);
  const y = tokens(b);
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  const out = [];
  const push = (op, t) => {
    if (out.length && out[out.length - 1][0] === op) out[out.length - 1][1] += t;
    else out.push([op, t]);
  };
  x.slice(0, start).forEach((t) => push("=", t));
  const xs = x.slice(start, endX);
  const ys = y.slice(start, endY);
  const n = xs.length;
  const m = ys.length;
  if (n * m > 4000000) {
    // too long to align word by word: the middle as one replacement
    xs.forEach((t) => push("-", t));
    ys.forEach((t) => push("+", t));
  } else {
    // lcs[i][j]: the longest common subsequence of xs[i:] and ys[j:]
    const lcs = [];
    for (let i = 0; i <= n; i++) lcs.push(new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i][j] = xs[i] === ys[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (xs[i] === ys[j]) {
        push("=", xs[i]);
        i++;
        j++;
      } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
        push("-", xs[i++]);
      } else {
        push("+", ys[j++]);
      }
    }
    while (i < n) push("-", xs[i++]);
    while (j < m) push("+", ys[j++]);
  }
  x.slice(endX).forEach((t) => push("=", t));
  return grouped(out);
}

// One deletion then one insertion per changed stretch: a lone space between two changes joins
// them, so "old words" -> "new words" reads as two phrases, not interleaved single words.
function grouped(pieces) {
  const out = [];
  let del = "";
  let ins = "";
  const flush = () => {
    if (del) out.push(["-", del]);
    if (ins) out.push(["+", ins]);
    del = ins = "";
  };
  pieces.forEach(([op, text], k) => {
    const next = pieces[k + 1];
    if (op === "=" && (del || ins) && next && next[0] !== "=" && !text.trim()) {
      del += text;
      ins += text;
    } else if (op === "=") {
      flush();
      out.push([op, text]);
    } else if (op === "-") {
      del += text;
    } else {
      ins += text;
    }
  });
  flush();
  return out;
}

function diffNode(before, after) {
  const pre = el("pre", "text diff");
  for (const [op, text] of wordDiff(before, after)) {
    if (op === "=") pre.appendChild(document.createTextNode(text));
    else pre.appendChild(el(op === "-" ? "del" : "ins", null, text));
  }
  return pre;
}

// ------------------------------------------------------------------ rendering a loop's steps

function pct(part, whole) {
  return whole ? Math.round((100 * part) / whole) + "%" : "0%";
}

function callsNode(calls) {
  const list = el("ul", "calls");
  for (const c of calls || []) {
    const bits = [
      c.stage,
      c.model,
      `${c.prompt_tokens} prompt tokens (${pct(c.cached_tokens, c.prompt_tokens)} cached)`,
      `${c.completion_tokens} completion tokens`,
      `${Number(c.seconds || 0).toFixed(2)} s`,
    ];
    if (c.finish_reason && c.finish_reason !== "stop") bits.push("finish: " + c.finish_reason);
    if (c.rejected) bits.push("rejected: " + c.rejected);
    list.appendChild(el("li", "call", bits.join(" · ")));
  }
  return list;
}

function listNode(cls, title, items) {
  const box = el("div", cls);
  box.appendChild(el("h4", null, title));
  const ul = el("ul");
  for (const it of items) ul.appendChild(el("li", null, typeof it === "string" ? it : JSON.stringify(it)));
  box.appendChild(ul);
  return box;
}

const REVIEW_KEYS = new Set(["scores", "stop", "feedback", "problems"]);

function reviewBody(step, card) {
  const data = step.data || {};
  const scores = data.scores || step.scores;
  if (scores && Object.keys(scores).length) {
    const table = el("table", "scores");
    for (const [aspect, score] of Object.entries(scores)) {
      const row = el("tr");
      row.appendChild(el("th", null, aspect.replace(/_/g, " ")));
      row.appendChild(el("td", "score", score));
      table.appendChild(row);
    }
    const total = el("tr", "total");
    total.appendChild(el("th", null, "total"));
    total.appendChild(el("td", "score", step.total ?? Object.values(scores).reduce((a, b) => a + b, 0)));
    table.appendChild(total);
    card.appendChild(table);
  }
  if ("stop" in data) card.appendChild(el("p", "flag", "critic's stop flag: " + (data.stop ? "yes" : "no")));
  if (step.error) card.appendChild(el("p", "error", "feedback unread: " + step.error));
  // requirements and checklist forms: a {clause: true/false} table the critic filled in
  for (const [key, value] of Object.entries(data)) {
    if (REVIEW_KEYS.has(key) || !value || typeof value !== "object" || Array.isArray(value)) continue;
    const box = el("div", "flagged");
    box.appendChild(el("h4", null, key.replace(/_/g, " ")));
    const ul = el("ul");
    for (const [clause, verdict] of Object.entries(value)) {
      ul.appendChild(el("li", verdict ? "yes" : "no", `${verdict ? "✔" : "✘"} ${clause}`));
    }
    box.appendChild(ul);
    card.appendChild(box);
  }
  if (typeof data.feedback === "string") card.appendChild(el("pre", "text", data.feedback));
  const problems = step.problems || (Array.isArray(data.feedback) ? data.feedback : null) || [];
  if (problems.length) card.appendChild(listNode("problems", "problems shown to the rewrite", problems));
  else card.appendChild(el("p", "note", "no problems listed"));
  if (step.ungrounded && step.ungrounded.length) {
    card.appendChild(listNode("ungrounded", "not in the answer (not shown)", step.ungrounded));
  }
  if (step.observation) {
    card.appendChild(el("h4", null, "observation"));
    card.appendChild(el("pre", "text observation", step.observation));
  }
  if (step.fault) card.appendChild(el("p", "fault", "fault: " + step.fault));
  if (step.stop_reason) card.appendChild(el("p", "stops", "this review stops the loop: " + step.stop_reason));
}

const TITLES = { draft: "draft", review: "review", rewrite: "rewrite", pending: "rewriting…" };

function stepNode(step) {
  const card = el("article", `step ${step.kind}${step.rejected ? " refused" : ""}`);
  card.dataset.round = step.round;
  let title = `round ${step.round} · ${TITLES[step.kind]}`;
  if (step.kind === "rewrite" && step.rejected) title += ` · refused (${step.rejected}${step.retry ? ", retried" : ""})`;
  card.appendChild(el("h3", null, title));
  if (step.kind === "draft") card.appendChild(el("pre", "text", step.text));
  if (step.kind === "review") reviewBody(step, card);
  if (step.kind === "rewrite") {
    card.appendChild(diffNode(step.previous, step.text));
    if (step.rejected) card.appendChild(el("p", "note", "the loop kept the output before it"));
  }
  if (step.calls && step.calls.length) card.appendChild(callsNode(step.calls));
  return card;
}

function endNode(end) {
  const card = el("article", "step end");
  card.appendChild(el("h3", null, "stop"));
  const p = el("p", "stop-line");
  p.appendChild(document.createTextNode("stop reason: "));
  p.appendChild(el("strong", "stop-reason", end.stop_reason || "?"));
  card.appendChild(p);
  const facts = [];
  if (end.rounds !== undefined) facts.push(`${end.rounds} accepted rewrite(s)`);
  if (end.selected_round !== undefined) facts.push(`answer from round ${end.selected_round}`);
  if (end.seconds !== undefined) facts.push(`${Number(end.seconds).toFixed(2)} s`);
  if (end.final !== undefined && end.final !== null) facts.push(`scored ${end.base ?? "?"} → ${end.final}`);
  card.appendChild(el("p", "note", facts.join(" · ")));
  if (end.checks && Object.keys(end.checks).length) {
    card.appendChild(el("p", "note", "checks fired: " + JSON.stringify(end.checks)));
  }
  const byModel = end.usage_by_model || {};
  for (const [model, u] of Object.entries(byModel)) {
    const line = `${model}: ${u.calls} calls, ${u.prompt_tokens} prompt tokens (${pct(u.cached_tokens, u.prompt_tokens)} cached), ${u.completion_tokens} completion tokens`;
    card.appendChild(el("p", "usage-line", line));
  }
  if (!Object.keys(byModel).length && end.usage) {
    const u = end.usage;
    const line = `${u.prompt_tokens} prompt tokens (${pct(u.cached_tokens, u.prompt_tokens)} cached), ${u.completion_tokens} completion tokens`;
    card.appendChild(el("p", "usage-line", line));
  }
  return card;
}

// ------------------------------------------------------------------ a loop as it streams

class LiveLoop {
  constructor(box) {
    this.box = box;
    this.outputs = [];
    this.pending = null;
  }

  add(step) {
    if (this.pending) {
      this.pending.remove();
      this.pending = null;
    }
    const node = stepNode(step);
    this.box.appendChild(node);
    return node;
  }

  event(ev) {
    const calls = ev.calls || [];
    if (ev.type === "draft") {
      this.outputs.push(ev.text);
      this.add({ kind: "draft", round: ev.round, text: ev.text, calls });
    } else if (ev.type === "feedback") {
      this.add({
        kind: "review",
        round: ev.round,
        data: ev.feedback,
        total: ev.total,
        error: ev.error,
        stop_reason: ev.stop_reason,
        problems: ev.problems,
        ungrounded: ev.ungrounded,
        observation: ev.observation,
        fault: ev.fault,
        calls,
      });
    } else if (ev.type === "refine_started") {
      this.add({ kind: "pending", round: ev.round });
      this.pending = this.box.lastChild;
    } else if (ev.type === "rejected" || ev.type === "refine") {
      const previous = this.outputs[this.outputs.length - 1] || "";
      const rejected = ev.type === "rejected" ? ev.check : null;
      this.add({ kind: "rewrite", round: ev.round, text: ev.text, previous, rejected, retry: ev.retry, calls });
      if (!rejected) this.outputs.push(ev.text);
      if (ev.retry) {
        this.add({ kind: "pending", round: ev.round });
        this.pending = this.box.lastChild;
      }
    }
  }

  finish(summary) {
    if (this.pending) this.pending.remove();
    this.pending = null;
    this.box.appendChild(endNode(summary));
  }
}

// ------------------------------------------------------------------ a loop from a record

// The steps of one record (`run --out` or `eval` records.jsonl): its trace read in order.
function recordSteps(rec) {
  const steps = [];
  const outputs = rec.outputs || [];
  const trace = rec.trace || [];
  let accepted = 0;
  let extra = [];
  const take = (c) => {
    const calls = extra.concat(c ? [c] : []);
    extra = [];
    return calls;
  };
  if (!trace.some((c) => c.stage === "draft") && outputs.length) {
    steps.push({ kind: "draft", round: 0, text: outputs[0], calls: [] });
  }
  for (const c of trace) {
    if (c.stage === "draft") {
      steps.push({ kind: "draft", round: 0, text: outputs[0] ?? c.text, calls: take(c) });
    } else if (c.stage === "feedback") {
      const data = c.feedback || null;
      const scores = data && data.scores;
      const total = scores ? Object.values(scores).reduce((a, b) => a + b, 0) : null;
      steps.push({
        kind: "review",
        round: c.round,
        data,
        total,
        error: c.feedback_error,
        problems: c.problems,
        ungrounded: c.ungrounded,
        observation: c.observation,
        fault: c.fault,
        calls: take(c),
      });
    } else if (c.stage === "refine") {
      const previous = outputs[accepted] ?? "";
      if (c.rejected) {
        steps.push({ kind: "rewrite", round: c.round, text: c.text, previous, rejected: c.rejected, calls: take(c) });
      } else {
        accepted++;
        steps.push({ kind: "rewrite", round: c.round, text: outputs[accepted] ?? c.text, previous, calls: take(c) });
      }
    } else {
      extra.push(c); // requirements, candidates, pairwise verdicts: shown with the next step
    }
  }
  if (extra.length && steps.length) steps[steps.length - 1].calls = steps[steps.length - 1].calls.concat(extra);
  return steps;
}

function showRecord(rec) {
  const view = $("rounds-view");
  clear(view);
  $("answer-box").hidden = true;
  $("view-title").textContent = "Loop " + (rec.id ?? "");
  $("live").dataset.state = "record";
  view.appendChild(el("h4", null, "input"));
  view.appendChild(el("pre", "text input", rec.input));
  if (rec.error) {
    view.appendChild(el("p", "error", `error (${rec.error_type || "?"}): ${rec.error}`));
    $("run-status").textContent = "this item failed";
    return;
  }
  for (const step of recordSteps(rec)) view.appendChild(stepNode(step));
  view.appendChild(endNode({ ...rec, usage: rec.usage_all_calls || rec.usage }));
  if (rec.answer !== undefined) {
    $("answer-box").hidden = false;
    $("answer").textContent = rec.answer;
    $("usage").textContent = "";
  }
  $("run-status").textContent = `from the records file${rec.task ? ": task " + rec.task : ""}${rec.model ? ", model " + rec.model : ""}`;
}

function readRecords(text) {
  const out = [];
  text.split(/\r?\n/).forEach((line, n) => {
    if (!line.trim()) return;
    try {
      const rec = JSON.parse(line);
      out.push(rec && typeof rec === "object" ? rec : { id: `line-${n + 1}`, error: "not a JSON object" });
    } catch (e) {
      out.push({ id: `line-${n + 1}`, input: line.slice(0, 200), error: "not JSON: " + e.message, error_type: "page" });
    }
  });
  return out;
}

function listRecords(records, name) {
  const list = $("loop-list");
  clear(list);
  const ok = records.filter((r) => !r.error).length;
  $("records-status").textContent = `${name}: ${records.length} records, ${ok} loops`;
  records.forEach((rec) => {
    const li = el("li", "loop-item" + (rec.error ? " failed" : ""));
    const button = el("button", null);
    button.type = "button";
    button.appendChild(el("span", "loop-id", rec.id ?? "?"));
    const what = rec.error ? "error" : `${rec.stop_reason} · ${rec.rounds} round(s)`;
    button.appendChild(el("span", "loop-meta", what));
    button.appendChild(el("span", "loop-input", String(rec.input ?? "").slice(0, 90)));
    button.addEventListener("click", () => {
      for (const other of list.querySelectorAll(".selected")) other.classList.remove("selected");
      li.classList.add("selected");
      showRecord(rec);
    });
    li.appendChild(button);
    list.appendChild(li);
  });
}

function openRecords(file) {
  const reader = new FileReader();
  reader.onload = () => listRecords(readRecords(String(reader.result)), file.name);
  reader.onerror = () => ($("records-status").textContent = "cannot read " + file.name);
  reader.readAsText(file);
}

// ------------------------------------------------------------------ sending a request

let running = null;

function requestBody() {
  const model = $("model").value;
  const messages = [];
  if ($("system").value.trim()) messages.push({ role: "system", content: $("system").value });
  messages.push({ role: "user", content: $("prompt").value });
  const body = {
    model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
    temperature: Number($("temperature").value),
    max_tokens: Number($("max-tokens").value),
  };
  if (model.endsWith("-selfrefine")) {
    const loop = {
      rounds: Number($("rounds").value),
      stop_flag: $("stop-flag").checked,
      stop_on_top: $("stop-on-top").checked,
      stop_on_no_problems: $("stop-on-no-problems").checked,
      reject: $("reject").checked,
    };
    if ($("feedback-points").value) loop.feedback_points = Number($("feedback-points").value);
    if ($("feedback-form").value) loop.feedback_form = $("feedback-form").value;
    if ($("selection").value) loop.selection = $("selection").value;
    const aspects = $("aspects").value.split(",").map((a) => a.trim()).filter(Boolean);
    if (aspects.length) loop.aspects = aspects;
    body.selfrefine = loop;
  }
  return body;
}

// Calls `onData(obj)` for each `data:` event of an SSE body; resolves at [DONE] or the end.
async function readEvents(res, onData) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      if (!data) continue;
      if (data === "[DONE]") return;
      onData(JSON.parse(data));
    }
    if (done) return;
  }
}

async function send(event) {
  event.preventDefault();
  if (running) return;
  const view = $("rounds-view");
  const live = $("live");
  const status = $("run-status");
  clear(view);
  for (const other of document.querySelectorAll("#loop-list .selected")) other.classList.remove("selected");
  const body = requestBody();
  $("view-title").textContent = "Rounds: " + body.model;
  $("answer-box").hidden = false;
  $("answer").textContent = "";
  $("usage").textContent = "";
  live.dataset.state = "running";
  status.textContent = "running…";
  status.classList.remove("error");
  const loop = new LiveLoop(view);
  running = new AbortController();
  $("send").disabled = true;
  $("stop").disabled = false;
  const t0 = performance.now();
  let failed = null;
  try {
    const res = await api("/v1/chat/completions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: running.signal,
    });
    if (!res.ok) {
      failed = await errorText(res);
    } else {
      await readEvents(res, (chunk) => {
        if (chunk.error) {
          failed = chunk.error.message || JSON.stringify(chunk.error);
          return;
        }
        const sr = chunk.selfrefine;
        if (sr && sr.type) loop.event(sr);
        else if (sr && sr.stop_reason !== undefined) loop.finish(sr);
        for (const choice of chunk.choices || []) {
          if (choice.delta && choice.delta.content) $("answer").textContent += choice.delta.content;
        }
        if (chunk.usage) {
          const u = chunk.usage;
          const cached = (u.prompt_tokens_details || {}).cached_tokens || 0;
          $("usage").textContent = `request: ${u.prompt_tokens} prompt tokens (${pct(cached, u.prompt_tokens)} cached), ${u.completion_tokens} completion tokens, ${((performance.now() - t0) / 1000).toFixed(1)} s`;
        }
      });
    }
  } catch (e) {
    failed = e.name === "AbortError" ? "stopped" : String(e);
  } finally {
    running = null;
    $("send").disabled = false;
    $("stop").disabled = true;
  }
  if (loop.pending) loop.pending.remove();
  live.dataset.state = failed ? "error" : "done";
  status.textContent = failed ? "failed: " + failed : "done";
  status.classList.toggle("error", !!failed);
}

// ------------------------------------------------------------------ wiring

document.addEventListener("DOMContentLoaded", () => {
  const key = $("api-key");
  key.value = apiKey();
  key.addEventListener("change", () => {
    if (key.value) sessionStorage.setItem(KEY_STORE, key.value);
    else sessionStorage.removeItem(KEY_STORE);
    loadModels();
  });
  $("model").addEventListener("change", syncLoopOptions);
  $("request-form").addEventListener("submit", send);
  $("stop").addEventListener("click", () => running && running.abort());
  $("records-file").addEventListener("change", (e) => {
    const file = e.target.files && e.target.files[0];
    if (file) openRecords(file);
  });
  loadModels();
});
