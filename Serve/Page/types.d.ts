// The shapes of the server's messages as the page reads them, and the page's hooks for the browser tests
// (window.__*). Types only: tsc reads this file, the server does not serve it (Serve/Page/README.md).

/** A rectangle in dp: x, y, width, height. */
export type Rect = [number, number, number, number];

export interface Device { width: number; height: number; scale: number }

export interface Diagnostic { severity: string; message: string; code?: string; step?: number }

/** One element of the worker's tree (`meta.tree`), in paint order. */
export interface TreeEntry {
  id: number; parent?: number | null; kind: string; text?: string; frame?: Rect | null;
  reachable?: boolean; why?: string; barButtons?: string[];
}

/** One entry of the timeline: a snapshot, a tick or the final frame. */
export interface Capture { kind: string; name?: string; time: number; step?: number; index: number }

/** The worker's answer for a frame, the frame message's `meta`. */
export interface Meta {
  ok: boolean; device: Device; diagnostics?: Diagnostic[]; tree?: TreeEntry[]; timeline?: Capture[];
  shown?: { time: number }; timing?: Record<string, number>;
}

/** The JSON head of a binary frame message (Hub.swift): the picture's bytes follow it. */
export interface FrameHead {
  type: "frame"; slot: string; session: string; look: string; state: string; version: number; meta: Meta;
  sent?: number; noticed?: number; patch?: Rect; base?: string; patchFormat?: "runs";
}

export interface SessionItem { name: string; version: number }

export interface SessionsMessage {
  type: "sessions"; protocol?: number; items: SessionItem[]; looks: string[]; look: string; devices: string[];
  device: string; fontScale: number;
}

/** The engine's answer about a point or an element (`render inspect`). */
export interface Inspection {
  ok?: boolean; touch?: string; id?: number; kind?: string; text?: string; frame?: Rect; locator?: string;
  lines?: string[]; diagnostics?: Diagnostic[]; point?: [number, number];
}

export interface InspectMessage { type: "inspect"; slot: string; source: string; data?: Inspection }

export interface Finding {
  id?: number; line?: string; message?: string; ios?: unknown; android?: unknown;
}

export interface PortabilityMessage { type: "portability"; session: string; data?: { findings?: Finding[] } }

export interface A11yFinding { check: string; message: string; locatorText?: string; element: number; frame: Rect }

export interface A11yMessage {
  type: "a11y"; slot: string; state: string;
  data?: {
    ok?: boolean; findings?: A11yFinding[]; diagnostics?: Diagnostic[];
    guideline?: { side: number; unit: string; look: string };
  };
}

export interface ErrorMessage { type: "error"; message: string }

/** One entry of the live app's log (LiveApp.swift). */
export interface LogEntry {
  n: number; step?: string; outcome: string; micros?: number; message?: string; more?: number;
  /** The commands the app sent for the step, as it sent them (batches opened, the step itself not counted). */
  commandCount?: number;
  input?: { type?: string } & Record<string, unknown>;
  commands?: Array<{ type?: string; internalId?: number; steps?: unknown[] } & Record<string, unknown>>;
  events?: Array<{ type?: string; internalId?: number; scrollPos?: number } & Record<string, unknown>>;
}

export interface LiveMessage {
  type: "live"; seq: number; running: boolean; canRecord: boolean; log: LogEntry[];
  ended?: { outcome: string; step?: number; message?: string }; recording?: { steps: number; snapshots: unknown };
  recordNote?: string;
}

/** Every text message the server sends a page. */
export type ServerMessage =
  | SessionsMessage | InspectMessage | PortabilityMessage | A11yMessage | ErrorMessage | LiveMessage;

/** A frame as painted, for the tests and the benches (`window.__frames`). */
export interface PaintedFrame {
  slot: string; version: number; ok: boolean; t: number; state?: string; look?: string; width?: number;
  height?: number; capture?: string; noticed?: number; sent?: number; recv?: number; decoded?: number;
  timing?: Record<string, number>; bytes?: number; patch?: Rect | null; format?: string;
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
    __live: unknown;
  }
}
