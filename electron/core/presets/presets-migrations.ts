// The tables of the presets room: every prompt sent (with the task or speech take that carried it), the pinned
// prompts, the saved presets and the styles. Their own steps, so the room owns its schema.
import type { Migration } from '../db/database';

export const presetMigrations: readonly Migration[] = [
  {
    // One row per send: a text sent ten times is ten rows, so "forget" removes every trace of it and the
    // list can say how often it was used. task_id or item_id (speech) names what the send made.
    id: 'presets-001-prompt-history',
    up: `
      CREATE TABLE prompt_history (
        seq INTEGER PRIMARY KEY,
        text TEXT NOT NULL,
        family TEXT NOT NULL,
        task_id TEXT UNIQUE,
        item_id TEXT UNIQUE,
        sent_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX prompt_history_text ON prompt_history(text, sent_at);
      CREATE INDEX prompt_history_sent ON prompt_history(sent_at);
      CREATE TABLE prompt_pins (
        text TEXT PRIMARY KEY,
        pinned_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    // A preset or a style is kept as the JSON of its file format (shared/studio/presets.ts), validated on the
    // way in and out, with its name and family as columns to list and sort by.
    id: 'presets-002-presets-styles',
    up: `
      CREATE TABLE presets (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        family TEXT NOT NULL,
        body TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE styles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    // The styles a task's prompt was sent with and the prompt as typed, so Edit and run again brings back the
    // chips and the words the person wrote rather than the composed prompt.
    id: 'presets-003-task-styles',
    up: `
      CREATE TABLE task_styles (
        task_id TEXT PRIMARY KEY,
        typed TEXT NOT NULL,
        styles TEXT NOT NULL
      ) STRICT;
    `,
  },
];
