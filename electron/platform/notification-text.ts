// The few strings the main process shows itself (notifications, menus). The renderer has its own i18n; these
// follow the same language setting.
export type Language = 'en' | 'zh-CN';

export interface ShellText {
  completed: string;
  failed: string;
  file: string;
  openLibraryFolder: string;
  view: string;
  window: string;
  edit: string;
  help: string;
}

const TEXT: Record<Language, ShellText> = {
  en: {
    completed: 'Generation finished',
    failed: 'Generation failed',
    file: 'File',
    openLibraryFolder: 'Open Library Folder',
    view: 'View',
    window: 'Window',
    edit: 'Edit',
    help: 'Help',
  },
  'zh-CN': {
    completed: '生成完成',
    failed: '生成失败',
    file: '文件',
    openLibraryFolder: '打开媒体库文件夹',
    view: '视图',
    window: '窗口',
    edit: '编辑',
    help: '帮助',
  },
};

export function notificationText(language: Language): ShellText {
  return TEXT[language] ?? TEXT.en;
}
