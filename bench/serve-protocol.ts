// Messages between the harness and the shop under test (bench/serve.ts), over the fork's IPC channel.
import type { ReservationFigures, ReservationPlan } from './raw-reservation.ts';

export interface BenchToolSpec {
  name: string;
  stock: number;
  minOrderQuantity: number;
}

export type ServeCommand =
  | { command: 'fill-catalogue'; size: number }
  | { command: 'add-tool'; tool: BenchToolSpec }
  | { command: 'raw-reservations'; plan: ReservationPlan; clients: number }
  | { command: 'mails-sent' }
  | { command: 'confirm-buyers'; emailPrefix: string };

export interface ServeResults {
  'fill-catalogue': { tools: number };
  'add-tool': { id: string };
  'raw-reservations': ReservationFigures;
  /** Milliseconds until no mail was left to send. */
  'mails-sent': { ms: number };
  'confirm-buyers': { confirmed: number };
}

export interface ServeRequest {
  id: number;
  body: ServeCommand;
}

export type ServeMessage =
  | { ready: true; tools: number }
  | { id: number; result: ServeResults[ServeCommand['command']] }
  | { id: number; error: string };
