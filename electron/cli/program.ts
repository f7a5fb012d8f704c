// The command tree. Actions only parse their options and delegate to commands/; commander's own errors
// (unknown option, missing argument) surface as exit 2 through run-cli.
import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import type { CliContext } from './cli-context';
import type { GlobalOptions } from './cli-config';
import { balanceCommand, usageCommand } from './commands/account';
import { editCommand } from './commands/edit';
import { libraryCommand } from './commands/library';
import type { LibraryArgs } from './commands/library';
import { modelsCommand } from './commands/models';
import { mcpCommand, type McpArgs } from './commands/mcp';
import {
  presetsExportCommand,
  presetsImportCommand,
  presetsListCommand,
  presetsApplyCommand,
  presetsShowCommand,
  type PresetApplyArgs,
} from './commands/presets';
import { recipeRunCommand, type RecipeRunArgs } from './commands/recipes';
import { storyboardRunCommand, type StoryboardRunArgs } from './commands/storyboard';
import { addLibraryEdits } from './library-edit-commands';
import { addQueueCommands } from './queue-commands';
import { syncCommand, syncRestoreCommand, syncStatusCommand } from './commands/sync';
import { speechCommand } from './commands/speech';
import { generateCommand, musicCommand, taskCommand, tasksCommand, upscaleCommand } from './commands/tasks';
import { SPEECH_FORMATS, SPEECH_INPUT_LIMIT, SPEECH_SPEED_ABOVE } from '../../shared/catalog/speech-rules';
import { MUSIC_OPERATIONS } from './submission-plans';
import { getField } from '../../shared/catalog';
import { MAX_PRESS_TASKS } from '../../shared/studio/press';

/** [EP-GRID-1] the grid upscale's speeds, from the catalog (the app's form offers the same). */
const GRID_SPEEDS = (getField('grid.upscale', 'speed')?.values ?? []).map(String);

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * The spending limits set in the app (Settings → Spending limits) live in the database: the CLI is held to them
 * when it shares that database (STUDIO_DATA_DIR), and these flags are the person's answer to them.
 */
const SPENDING_HELP = {
  yes: 'send even if the estimate is above your confirmation threshold (spending limits)',
  overBudget: 'send even if it would pass your daily or monthly budget (spending limits)',
};

function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || n < min || n > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER ? `expected a whole number ≥ ${min}` : `expected ${min} to ${max}`,
      );
    }
    return n;
  };
}

function positiveNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError('expected a number above 0');
  return n;
}

/**
 * `configure` runs before any subcommand exists, because commander copies exitOverride and output settings
 * into subcommands when they are created.
 */
export function buildProgram(
  makeContext: (globals: GlobalOptions) => CliContext,
  configure: (program: Command) => void,
): Command {
  const program = new Command('gateway-studio');
  configure(program);
  program
    .description(
      'Generate images, video, music and speech through the Generative Media Gateway, from a terminal.',
    )
    .option('--base-url <url>', 'gateway address (env GATEWAY_BASE_URL)')
    .option('--api-key <key>', 'API key (env GATEWAY_API_KEY); never printed')
    .option('--library <dir>', 'library folder (env STUDIO_LIBRARY_DIR)')
    .option('--proxy <url>', 'HTTP(S) or SOCKS proxy for every call and download (env HTTPS_PROXY, NO_PROXY)')
    .option(
      '--result-addresses <list>',
      "addresses, ranges or host names result files may also come from, comma-separated (env STUDIO_RESULT_ADDRESSES; else the app's Settings › Result files); each lets the gateway's answers make this machine fetch from there",
    )
    .option('--json', 'print exactly one JSON document on stdout')
    .showHelpAfterError(false);

  const context = (command: Command) => makeContext(command.optsWithGlobals<GlobalOptions>());

  program
    .command('balance')
    .description("the key's and the account's balance")
    .action((_options, command: Command) => balanceCommand(context(command)));

  program
    .command('usage')
    .description('spending and requests over a time range')
    .option(
      '--start <time>',
      'Unix seconds, RFC 3339, or a date [and time] read in --tz or the system zone (default: end minus 24 h)',
    )
    .option(
      '--end <time>',
      'Unix seconds, RFC 3339, or a date [and time] read in --tz or the system zone (default: now)',
    )
    .option('--group-by <g>', 'none | model | date | model,date')
    .option('--tz <zone>', 'IANA timezone for day boundaries and zoneless dates (default: the system zone)')
    .option('--scope <scope>', 'key | account')
    .option('--model <names>', 'comma-separated model names (at most 50)')
    .action((options, command: Command) => usageCommand(context(command), options));

  program
    .command('models')
    .description('families, model ids, fields and limits; --listed adds the models the gateway lists')
    .option('--listed', 'ask the gateway for its model list (new models marked new); kept for offline use')
    .action((options: { listed?: boolean }, command: Command) => modelsCommand(context(command), options));

  program
    .command('edit')
    .description(
      'change only a region of a library picture: composited locally, filed as a new item; waits by default',
    )
    .argument('<item>', 'library item id (library --json lists them)')
    .requiredOption('--region <x,y,w,h>', "the rectangle to change, in the picture's pixels")
    .requiredOption('--prompt <text>', 'what to change in it')
    .option('--model <id>', 'an edit-capable model (models lists them; I1 by default)')
    .option('--takes <n>', 'how many takes of the region (1 to 8)', integer(1, 8), 1)
    .option('--no-wait', 'print the tasks as soon as they are submitted')
    .option('--yes', SPENDING_HELP.yes)
    .option('--over-budget', SPENDING_HELP.overBudget)
    .action((item: string, options, command: Command) => editCommand(context(command), { item, ...options }));

  program
    .command('generate')
    .description(
      "submit an image or video task, routed by the model's family; waits and downloads by default",
    )
    .argument('<model>', 'model id')
    .option('--prompt <text>', 'the prompt')
    .option(
      '--prompts-file <file>',
      `one task per non-empty line, sent as one batch (at most ${MAX_PRESS_TASKS})`,
    )
    .option('--set <field=value>', 'any body field (repeatable)', collect, [])
    .option(
      '--ref <file-or-url>',
      'reference image: a URL, or an image file of at most 20 MiB, stored once and sent as a data URL (repeatable)',
      collect,
      [],
    )
    .option('--family <id>', 'family for a model id the catalog does not know')
    .option('--webhook <url>', 'completion callback base URL')
    .option('--no-wait', 'print the task as soon as it is submitted')
    .option('--dry-run', 'print what it will probably cost and take, from earlier runs; send nothing')
    .option('--yes', SPENDING_HELP.yes)
    .option('--over-budget', SPENDING_HELP.overBudget)
    .option(
      '--queue',
      'put it in the queue the app sends, instead of sending it now (nothing is charged yet)',
    )
    .option(
      '--key <key>',
      "this press's key: run again with the same key (after a lost answer), it is answered, not paid, again",
    )
    .action((model: string, options, command: Command) =>
      generateCommand(context(command), { model, ...options }),
    );

  program
    .command('music')
    .description('an operation on a track: concat, generate-mp4, adjust-speed, add-instrumental')
    .addArgument(new Argument('<operation>', 'which operation').choices(Object.keys(MUSIC_OPERATIONS)))
    .requiredOption('--task <id>', 'the task that produced the source track (local or gateway id)')
    .option('--index <n>', '1-based track in that task (default 1)', integer(1))
    .option('--model <id>', 'music model id')
    .option('--set <field=value>', 'other body fields, e.g. speed=1.25 (repeatable)', collect, [])
    .option('--no-wait', 'print the task as soon as it is submitted')
    .option('--yes', SPENDING_HELP.yes)
    .option('--over-budget', SPENDING_HELP.overBudget)
    .action((operation: string, options, command: Command) =>
      musicCommand(context(command), { operation, ...options }),
    );

  program
    .command('upscale')
    .description('one image (U1..U4) from a four-image grid task')
    .requiredOption('--task <id>', 'the grid task (local or gateway id)')
    .requiredOption('--index <n>', '1 to 4', integer(1, 4))
    .addOption(new Option('--speed <speed>', 'processing speed').choices(GRID_SPEEDS))
    .option('--no-wait', 'print the task as soon as it is submitted')
    .option('--yes', SPENDING_HELP.yes)
    .option('--over-budget', SPENDING_HELP.overBudget)
    .action((options, command: Command) => upscaleCommand(context(command), options));

  program
    .command('speech')
    .description('text to speech; the audio is filed in the library')
    .argument('<model>', 'speech model id')
    .option('--input <text>', `the text (at most ${SPEECH_INPUT_LIMIT} characters)`)
    .option('--input-file <file>', 'read the text from a file')
    .option('--voice <voice>', 'voice name')
    .option('--format <format>', SPEECH_FORMATS.join(' | '))
    .option('--speed <x>', `speaking speed, above ${SPEECH_SPEED_ABOVE}`, positiveNumber)
    .option('--out <file>', 'also copy the audio here')
    .option(
      '--fresh',
      'pay for a new take even when the library already holds this speech (same model, text, voice, format, speed)',
    )
    .option('--yes', SPENDING_HELP.yes)
    .option('--over-budget', SPENDING_HELP.overBudget)
    .action((model: string, options, command: Command) =>
      speechCommand(context(command), { model, ...options }),
    );

  program
    .command('task')
    .description('one task: its state, cost and files')
    .argument('<id>', 'local or gateway task id')
    .option('--wait', 'follow it until it settles and its files are downloaded')
    .action((id: string, options: { wait?: boolean }, command: Command) =>
      taskCommand(context(command), { id, wait: Boolean(options.wait) }),
    );

  program
    .command('tasks')
    .description('tasks submitted from this library, newest first')
    .option('--limit <n>', 'how many', integer(1), 50)
    .action((options: { limit: number }, command: Command) => tasksCommand(context(command), options));

  const presets = program.command('presets').description('the presets kept in the app (same database)');
  presets
    .command('list')
    .option('--family <family>', 'only this family')
    .action((options: { family?: string }, command: Command) =>
      presetsListCommand(context(command), options),
    );
  presets
    .command('show')
    .argument('<preset>', 'id or name')
    .action((preset: string, _o, command: Command) => presetsShowCommand(context(command), { preset }));
  presets
    .command('apply')
    .description("send the preset's family, model and settings (as generate does); waits and downloads")
    .argument('<preset>', 'id or name')
    .option('--prompt <text>', "the prompt, in place of the preset's")
    .option('--set <field=value>', "a field in place of the preset's (repeatable)", collect, [])
    .option('--no-wait', 'print the task as soon as it is submitted')
    .option('--dry-run', 'print what it will probably cost; send nothing')
    .option('--yes', SPENDING_HELP.yes)
    .option('--over-budget', SPENDING_HELP.overBudget)
    .action((preset: string, options: Omit<PresetApplyArgs, 'preset'>, command: Command) =>
      presetsApplyCommand(context(command), { preset, ...options }),
    );
  presets
    .command('export')
    .option('--out <file>', 'write the file here instead of stdout')
    .action((options: { out?: string }, command: Command) => presetsExportCommand(context(command), options));
  presets
    .command('import')
    .argument('<file>', 'a presets file (JSON)')
    .action((file: string, _o, command: Command) => presetsImportCommand(context(command), { file }));
  program
    .command('recipe')
    .description('recipes')
    .command('run')
    .argument('<file>', 'a recipe file (JSON)')
    .option('--prompt <text>', 'a prompt (repeat it to run over a batch)', collect, [])
    .option('--dry-run', 'print each step and the total estimate; send nothing')
    .option('--yes', SPENDING_HELP.yes)
    .option('--over-budget', SPENDING_HELP.overBudget)
    .action((file: string, options: Omit<RecipeRunArgs, 'file'>, command: Command) =>
      recipeRunCommand(context(command), { file, ...options }),
    );
  program
    .command('storyboard')
    .description('storyboards: shots, cast, narration and music, cut into one MP4')
    .command('run')
    .argument('<file>', 'a storyboard file (JSON)')
    .option('--dry-run', 'print the price of every part and the total; send nothing')
    .option('--shot <n>', 'run (or price) shot n alone, with its narration: no music, nothing before it')
    .option('--yes', SPENDING_HELP.yes)
    .option('--over-budget', SPENDING_HELP.overBudget)
    .action((file: string, options: Omit<StoryboardRunArgs, 'file'>, command: Command) =>
      storyboardRunCommand(context(command), { file, ...options }),
    );

  program
    .command('mcp')
    .description(
      'serve the studio to an AI agent over MCP (stdio): tools, resources, under your spending limits',
    )
    .option(
      '--session-cap <amount>',
      'what one agent session may spend at most, in the spending limits\' unit, or "none" (default 5 USD / 500 credits)',
    )
    .option(
      '--rotate-token',
      "void the app's agents endpoint token (the app makes a new one, shown in Settings › Agents) instead of serving",
    )
    .action((options: McpArgs, command: Command) => mcpCommand(context(command), options));

  program
    .command('library')
    .description('search the library')
    .option('--search <query>', 'words of the prompt')
    .addOption(new Option('--kind <kind>', 'only this kind').choices(['image', 'video', 'audio', 'speech']))
    .option('--limit <n>', 'how many', integer(1, 500), 50)
    .option('--offset <n>', 'skip this many (paging)', integer(0), 0)
    .option('--favourites', 'only favourites')
    .addOption(
      new Option('--sort <order>', 'order').choices(['newest', 'oldest', 'cost', 'size']).default('newest'),
    )
    .action((options: LibraryArgs, command: Command) => libraryCommand(context(command), options));
  addLibraryEdits(program.commands.find((c) => c.name() === 'library') as Command, context);

  addQueueCommands(program, context);

  const sync = program
    .command('sync')
    .description("library sync: one round (send this library's changes, then take the other devices')")
    .action((_options, command: Command) => syncCommand(context(command)));
  sync
    .command('status')
    .description('whether sync is set up, when it last completed, and any problem')
    .action((_options, command: Command) => syncStatusCommand(context(command)));
  sync
    .command('restore')
    .description('rebuild this library (index and every file) from the remote alone')
    .action((_options, command: Command) => syncRestoreCommand(context(command)));

  return program;
}
