// The shapes of the server's messages as the page reads them, and the page's hooks for the browser tests
// (window.__*). Types only: tsc reads this file, the server does not serve it (Serve/Page/README.md).

/** A rectangle in dp: x, y, width, height. */
export type Rect = [number, number, number, number];

// The worker's answers, written once in Swift (Sources/ServeProtocol/WorkerAnswers.swift and
// InspectorAnswers.swift; each interface below has the Swift type's name) and forwarded by the server as a
// frame's `meta` or a message's `data`. messages.schema.json is written from those types; the browser tests
// validate every message against it.

/** `AnswerDiagnostic`: a diagnostic as an answer carries it. */
export interface AnswerDiagnostic { severity: string; code: string; message: string; step?: number; path?: string }

/** `WorkerFailure`: any request's answer when it failed. */
export interface WorkerFailure { ok: false; diagnostics: AnswerDiagnostic[] }

/** `WorkerReply<T>`: the answer, or the failure (which has none of the answer's own fields). */
export type Reply<T> = T | (WorkerFailure & { [K in Exclude<keyof T, keyof WorkerFailure>]?: undefined });

/** `DeviceSize`: the session's device in dp, and pixels per dp. */
export interface DeviceSize { width: number; height: number; scale: number }

/** `TreeEntry`: one element of the worker's tree (`meta.tree`), in paint order. */
export interface TreeEntry {
  id: number; kind: string; frame: Rect; text: string; parent?: number; visible?: Rect; barButtons?: string[];
  reachable: boolean; why?: string;
}

/** `TimelineEntry`: one entry of the timeline: a snapshot, a tick or the final frame. */
export interface TimelineEntry { index: number; kind: string; time: number; step: number; name?: string }

/** `ShownCapture`: the capture a frame shows. */
export interface ShownCapture { kind: string; time: number; step: number }

/** `FrameTiming`: where a frame's time went, ms. */
export interface FrameTiming {
  state: number; resources: number; layout: number; paint: number; raster: number; encode: number; inspect: number;
  tree: number; total: number; decode?: number; replay?: number; incremental?: boolean;
}

/** `FrameMeta`: the worker's answer for a frame, the frame message's `meta`. */
export interface FrameMeta {
  ok: true; diagnostics: AnswerDiagnostic[]; errors: number; pixelWidth: number; pixelHeight: number;
  device: DeviceSize; timeline: TimelineEntry[]; shown: ShownCapture; tree: TreeEntry[]; timing: FrameTiming;
}

/** The JSON head of a binary frame message (`FrameMessage`): the picture's bytes follow it. */
export interface FrameHead {
  type: "frame"; slot: string; session: string; look: string; state: string; version: number;
  meta: Reply<FrameMeta>; sent: number; noticed: number; patch?: Rect; base?: string; patchFormat?: "runs";
}

export interface SessionItem { name: string; version: number }

export interface SessionsMessage {
  type: "sessions"; protocol?: number; items: SessionItem[]; looks: string[]; look: string; devices: string[];
  device: string; fontScale: number; goldens?: string;
}

/** `InspectAnswer`: what a touch at a point reaches, or an element picked in the tree (`render inspect`). */
export interface InspectAnswer {
  ok: true; touch: string; id?: number; text?: string; kind?: string; frame?: Rect; locator?: string;
  point?: [number, number]; by?: number; lines: string[];
}

export interface InspectMessage { type: "inspect"; slot: string; source: string; data: Reply<InspectAnswer> }

/** `PortabilityFinding`: where the backends disagree (`ios`/`android` null: not shown on that one). */
export interface PortabilityFinding {
  step: number; kind: string; message: string; line: string; id?: number; ios?: Rect | null; android?: Rect | null;
}

/** `PortabilityAnswer`: `render portability`'s report. */
export interface PortabilityAnswer { ok: true; findings: PortabilityFinding[]; summary: string }

export interface PortabilityMessage { type: "portability"; session: string; data: Reply<PortabilityAnswer> }

/** `A11yFinding`: one finding as `render a11y --json` writes it, with the locator as the inspector prints it. */
export interface A11yFinding {
  screen: string; check: string; element: number; type: string; text: string; frame: Rect; locator: unknown;
  measured: number; needed: number; message: string; locatorText?: string;
}

/** `A11yGuideline`: the touch-target guideline the findings used. */
export interface A11yGuideline { side: number; unit: string; look: string }

/** `A11yAnswer`: the accessibility findings of the capture a state shows. */
export interface A11yAnswer {
  ok: true; findings: A11yFinding[]; guideline: A11yGuideline; diagnostics: AnswerDiagnostic[];
}

export interface A11yMessage { type: "a11y"; slot: string; state: string; data: Reply<A11yAnswer> }

/** `CheckedSnapshot`: one golden's verdict in the Groups pane's check. */
export interface CheckedSnapshot { name: string; session: string; snapshot?: string; status: string; mismatch?: number }

/** `CheckGroup`: changed goldens that share a cause (`ChangeGroup`), and the command that accepts them. */
export interface CheckGroup {
  id: string; kind: string; cause: string; words: string; snapshots: string[]; sessions: string[]; accept?: string;
}

/** `CheckAnswer`: the folder checked against its goldens as `render check` checks it, changes grouped by cause. */
export interface CheckAnswer {
  ok: true; goldens: string; summary: string; snapshots: CheckedSnapshot[]; groups: CheckGroup[]; command: string;
}

export interface GroupsMessage { type: "groups"; look: string; device: string; data: Reply<CheckAnswer> }

export interface ErrorMessage { type: "error"; message: string }

/** One entry of the live app's log (LiveApp.swift). */
export interface LogEntry {
  n: number; step?: string; outcome: string; micros?: number; message?: string; more?: number;
  /** The commands the app sent for the step, as it sent them (batches opened, the step itself not counted). */
  commandCount?: number;
  /** Played again by a rebuild's replay (LiveHub+Rebuild.swift), not by the page. */
  replayed?: boolean;
  input?: { type?: string } & Record<string, unknown>;
  commands?: Array<{ type?: string; internalId?: number; steps?: unknown[] } & Record<string, unknown>>;
  events?: Array<{ type?: string; internalId?: number; scrollPos?: number } & Record<string, unknown>>;
}

export interface LiveMessage {
  type: "live"; seq: number; running: boolean; canRecord: boolean; log: LogEntry[];
  ended?: { outcome: string; step?: number; message?: string }; recording?: { steps: number; snapshots: unknown };
  recordNote?: string; appLook?: string; restartNote?: string;
}

/** `render serve --app BIN --rebuild CMD`: the rebuild after a save (RebuildMessage.swift). */
export interface RebuildMessage {
  type: "rebuild"; build: number; state: "watching" | "building" | "failed" | "replaying" | "done" | "stopped";
  command: string; watching: string[]; changed: string[]; seconds?: number; status?: number; message?: string;
  diagnostics: BuildDiagnostic[]; output?: string; replay?: ReplayReport; builtAt?: number; framedAt?: number;
}

export interface BuildDiagnostic { file: string; line: number; column?: number; severity: string; message: string }

export interface ReplayReport { steps: number; played: number; stoppedAt?: number; step?: string; message?: string }

/** Every text message the server sends a page. */
export type ServerMessage =
  | SessionsMessage | InspectMessage | PortabilityMessage | A11yMessage | GroupsMessage | ErrorMessage | LiveMessage
  | RebuildMessage;

/** A frame as painted, for the tests and the benches (`window.__frames`). */
export interface PaintedFrame {
  slot: string; version: number; ok: boolean; t: number; state?: string; look?: string; width?: number;
  height?: number; capture?: string; noticed?: number; sent?: number; recv?: number; decoded?: number;
  timing?: FrameTiming; bytes?: number; patch?: Rect | null; format?: string;
}

declare global {
  interface Window {
    __frames: PaintedFrame[];
    __state: unknown;
    __on: (kind: string, test: (data: any) => boolean) => Promise<unknown>;
    __handlers: Map<string, (m: any) => void>;
    __inspect: unknown;
    __probe: (slot: string, x: number, y: number) => number[];
    __closed: { code: number; reason: string };
    __a11y: unknown;
    __groups: unknown;
    __live: unknown;
    __rebuild: unknown;
  }
}
