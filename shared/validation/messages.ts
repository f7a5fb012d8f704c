// Every sentence a validation can end in, by key, in English: the one source of their English text. The
// renderer's English bundle is this table (renderer/i18n/en.ts `validation`), its Chinese bundle says each key
// again, and processes without i18n (main, the CLI, tests) read it through the error map in ./error-map.ts.
// Placeholders are i18next's `{{name}}`: the map fills them from the zod issue.

export const VALIDATION_EN = {
  // What zod itself finds, by issue code (./error-map.ts says which key each issue becomes).
  required: 'This field is required.',
  wrongType: 'This value has the wrong type ({{expected}} expected).',
  wholeNumber: 'Must be a whole number.',
  atLeast: 'At least {{minimum}}.',
  above: 'Must be above {{minimum}}.',
  atMost: 'At most {{maximum}}.',
  below: 'Must be below {{maximum}}.',
  minChars: 'At least {{minimum}} characters.',
  maxChars: 'At most {{maximum}} characters.',
  minItems: 'At least {{minimum}} entries.',
  maxItems: 'At most {{maximum}} entries.',
  url: 'Must be an http(s) URL.',
  format: 'Not in the expected form.',
  oneOf: 'Must be one of {{values}}.',
  unknownKeys: 'Not expected here: {{keys}}.',
  invalid: 'This value is not allowed.',
  // The catalog's own rules (shared/catalog/schema.ts).
  urlOrData: 'Must be an http(s) URL or a data:image/...;base64 URL.',
  urlOrAsset: 'Must be an http(s) URL or an asset:// reference.',
  urlOrDataOrAsset: 'Must be an http(s) URL or a data:image/...;base64 URL or an asset:// reference.',
  notBlank: 'Must not be blank.',
  ratio: 'Must be a ratio of two numbers above zero, such as 4:5 or 5:4.',
  promptTooLong: 'At most {{max}} characters ({{length}}).',
  noModeration: '{{family}} has no content moderation option.',
  textOnly: '{{family}} is text-to-image only: image input is refused.',
  oneImage: '{{family}} makes exactly one image per request.',
  unknownField: '{{family}} has no field "{{field}}".',
  textToVideoPrompt: 'Required for text-to-video.',
  webhookNotHttp: 'Enter a full http(s) address, e.g. https://hooks.example.com/studio.',
  webhookPrivate:
    'The gateway drops callbacks to local and private addresses: use an address reachable from the internet.',
  webhookPort: 'The gateway calls only the standard ports 80 and 443: remove the port or use one of those.',
  webhookCredentials:
    'Do not put a user name or password in the webhook address: the gateway keeps and calls it, so it is no place for secrets.',
  addressCredentials:
    'Do not put a user name or password in the address: enter the user and the password (or secret key) in their own fields, where the password is kept as a secret.',
  webhookOwnDomain:
    'The webhook must not point at the gateway’s own domain: the gateway drops such callbacks.',
  // The gateway's wire rules (shared/gateway/*).
  unixSeconds: 'Unix seconds, not milliseconds.',
  rfc3339: 'RFC 3339 with a timezone, e.g. 2026-05-01T00:00:00+08:00.',
  // The bridge's rules (shared/bridge/*).
  keyEmpty: 'The API key is empty.',
  keyCharacters: 'The API key may contain only printable characters without spaces.',
  libraryAbsolute: 'The library folder must be an absolute path.',
  proxyAddress: 'Not a proxy address: write it as http://host:port, https://host:port or socks5://host:port.',
  timeZone: 'Not a time zone this system knows (e.g. Europe/Paris).',
  amountAboveZero: 'Enter an amount above 0, or leave it empty.',
  speechEmpty: 'Type something to speak.',
  resultAddress:
    'Not an address, range or host name: write it as 192.168.1.20, 10.0.0.0/8, fd00::/8 or files.lan.',
  referenceDataUrl: 'A reference image must be a data:image/…;base64 URL.',
  droppedDataUrl: 'A dropped file must arrive as a base64 data URL.',
  referenceTooLarge: 'A reference image can be at most {{limit}} MiB; this one is {{size}} MiB.',
  referenceLimit: 'A reference image can be at most {{limit}} MiB.',
  submissionKey: 'A submission key is 16 to 128 letters, digits, "-" or "_" (a UUID will do).',
  posterDataUrl: 'A poster must be a data:image/… URL.',
  modelForFamily: 'A model id is required for this family, and grid upscale takes none.',
  tagEditEmpty: 'Name a tag to add or remove.',
  unknownModel: '"{{model}}" is not a model of {{family}} this app knows.',
  notAFormField: '{{family}} has no field "{{field}}" to restore it into.',
  settingsNotJson: 'The settings are not readable JSON.',
  settingsTooDeep: 'Settings nested too deeply: at most {{limit}} levels of lists and objects.',
  tagControlCharacters: 'A tag cannot hold control characters (such as NUL, tab or a line break).',
  presetTooLarge: 'A preset holds settings of at most 64 KiB.',
  recipeBind:
    'The first step of a recipe takes nothing; every later step takes the previous result through a field its family has.',
  recipeBindNotMade:
    'This step takes a result the step before it does not make: no operation of the API turns that result into this one.',
  castName:
    'A cast name is 1 to 40 letters, digits, "_" or "-", starting with a letter, so @Name in a prompt finds it.',
  castNameTaken: 'Two cast members are named "{{name}}": each name is used once.',
  shotFamily: 'A shot is made by a video family (V1, V2, H, W, K or S).',
  shotContinueFirst: 'The first shot has no shot before it to continue from.',
  shotContinueFamily: '{{family}} takes no first frame, so it cannot continue from the shot before.',
  shotEndFrameFamily: '{{family}} takes no end frame.',
  shotUnknownCast: 'No cast member is named "{{name}}".',
  storyboardMusic: 'The music bed is made by a music operation on a source track.',
  styleTemplate: 'A template style must contain {prompt} where the prompt goes.',
  jsonObject: 'Enter the parameters as one JSON object, such as {"steps": 20}.',
  promptInParameters: 'The prompt has its own field: leave it out of the parameters.',
  brushPoints: 'A brush selection holds at most {{limit}} points.',
  stylesPerRequest: 'A press gives one entry of styles per request.',
} as const;

export type ValidationKey = keyof typeof VALIDATION_EN;
export type ValidationValues = Record<string, string | number>;
