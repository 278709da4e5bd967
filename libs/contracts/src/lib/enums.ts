/** Languages the product is written in; `en` is the default and the fallback of every read. */
export enum Lang {
  en = 'en',
  fr = 'fr',
  tr = 'tr',
  es = 'es',
  it = 'it',
}
export const LANGS: readonly Lang[] = Object.values(Lang);
export const DEFAULT_LANG = Lang.en;
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export enum Status {
  AVAILABLE = 'AVAILABLE',
  DISCONTINUED = 'DISCONTINUED',
}

export enum SectionType {
  PAGE = 'PAGE',
  HEADER = 'HEADER',
  TOP_BODY = 'TOP_BODY',
  BOTTOM_BODY = 'BOTTOM_BODY',
  FOOTER = 'FOOTER',
}

export enum FormFieldType {
  TEXT = 'TEXT',
  NUMBER = 'NUMBER',
  EMAIL = 'EMAIL',
  PASSWORD = 'PASSWORD',
  PARAGRAPH = 'PARAGRAPH',
  OPTION = 'OPTION',
  CHECKBOX = 'CHECKBOX',
  RADIO = 'RADIO',
  BUTTON = 'BUTTON',
  TITLE = 'TITLE',
  ZOHOOPTIONS = 'ZOHOOPTIONS',
  PHONENUMBER = 'PHONENUMBER',
}

export enum ContainerFieldType {
  DATE = 'DATE',
  BOOLEAN = 'BOOLEAN',
  NUMBER = 'NUMBER',
  LINK = 'LINK',
  PARAGRAPH = 'PARAGRAPH',
  STRING = 'STRING',
  IMAGE = 'IMAGE',
  FILE = 'FILE',
  VIDEO = 'VIDEO',
  CONTENT = 'CONTENT',
  OPTION = 'OPTION',
  RICHTEXT = 'RICHTEXT',
  COLOR = 'COLOR',
  LOCATION = 'LOCATION',
  TIMERANGE = 'TIMERANGE',
  ZOHOOPTIONS = 'ZOHOOPTIONS',
  POSITION = 'POSITION',
}

/** Every right a role can hold (spec section 6). */
export enum RightType {
  VIEW_MESSAGE = 'VIEW_MESSAGE',
  VIEW_CONTAINER = 'VIEW_CONTAINER',
  CREATE_CONTAINER = 'CREATE_CONTAINER',
  UPDATE_CONTAINER = 'UPDATE_CONTAINER',
  DELETE_CONTAINER = 'DELETE_CONTAINER',
  VIEW_USER = 'VIEW_USER',
  CREATE_USER = 'CREATE_USER',
  UPDATE_USER = 'UPDATE_USER',
  DELETE_USER = 'DELETE_USER',
  VIEW_ROLE = 'VIEW_ROLE',
  CREATE_ROLE = 'CREATE_ROLE',
  UPDATE_ROLE = 'UPDATE_ROLE',
  DELETE_ROLE = 'DELETE_ROLE',
  VIEW_CONTENT = 'VIEW_CONTENT',
  CREATE_CONTENT = 'CREATE_CONTENT',
  UPDATE_CONTENT = 'UPDATE_CONTENT',
  DELETE_CONTENT = 'DELETE_CONTENT',
  VIEW_ELEMENT = 'VIEW_ELEMENT',
  CREATE_ELEMENT = 'CREATE_ELEMENT',
  UPDATE_ELEMENT = 'UPDATE_ELEMENT',
  DELETE_ELEMENT = 'DELETE_ELEMENT',
  VIEW_FORM = 'VIEW_FORM',
  CREATE_FORM = 'CREATE_FORM',
  UPDATE_FORM = 'UPDATE_FORM',
  DELETE_FORM = 'DELETE_FORM',
  VIEW_LAYOUT = 'VIEW_LAYOUT',
  UPDATE_LAYOUT = 'UPDATE_LAYOUT',
  VIEW_MEDIA = 'VIEW_MEDIA',
  CREATE_MEDIA = 'CREATE_MEDIA',
  UPDATE_MEDIA = 'UPDATE_MEDIA',
  DELETE_MEDIA = 'DELETE_MEDIA',
  VIEW_MEDIAPACK = 'VIEW_MEDIAPACK',
  CREATE_MEDIAPACK = 'CREATE_MEDIAPACK',
  UPDATE_MEDIAPACK = 'UPDATE_MEDIAPACK',
  DELETE_MEDIAPACK = 'DELETE_MEDIAPACK',
  ACCESS_SETTINGS = 'ACCESS_SETTINGS',
  REVALIDATION = 'REVALIDATION',
}
export const RIGHT_TYPES: readonly RightType[] = Object.values(RightType);

/** The role whose id is this string passes every right and access check. */
export const SUPER_ADMIN_ROLE_ID = 'super-admin';
