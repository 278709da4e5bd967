/**
 * ESLint rule for the back office: text that reaches the screen goes through the i18n provider.
 * It reports JSX text with words in it, string literals given to the props that react-admin and
 * MUI show (label, title, placeholder, helperText...), and messages given to notify(), translate()
 * and react-admin's validators unless they are catalog keys (cms.*, ra.*, resources.*).
 */
const KEY = /^(cms|ra|resources)\.[\w./-]+$/;
/** A field path or identifier ("title", "src"): not words for people. */
const PATH = /^[a-z][\w.\-/]*$/;
/** A format hint such as #RRGGBB: the same in every language. */
const FORMAT = /^#[0-9A-Za-z]+$/;
const UI_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'helperText',
  'emptyText',
  'confirmTitle',
  'confirmContent',
  'aria-label',
  'nullLabel',
  'trueLabel',
  'falseLabel',
  'text',
  'tooltip',
  'alt',
]);
/** Calls whose argument at the index is shown: the index of the message argument. */
const MESSAGE_CALLS = { notify: 0, translate: 0, required: 0, email: 0, number: 0, regex: 1, minLength: 1, maxLength: 1, minValue: 1, maxValue: 1, choices: 1 };

function isWords(text) {
  return /\p{L}{2,}/u.test(text);
}

function isUiString(text) {
  const trimmed = text.trim();
  return isWords(trimmed) && !KEY.test(trimmed) && !PATH.test(trimmed) && !FORMAT.test(trimmed);
}

/** String-valued parts of an expression that may end up shown: literals, template quasis, both branches. */
function shownStrings(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [{ node, text: node.value }] : [];
    case 'TemplateLiteral': {
      // `cms.layout.sections.${type}` builds a key; anything else with words is a sentence.
      const head = node.quasis.map((quasi) => quasi.value.cooked ?? '').join('');
      if (KEY.test(`${node.quasis[0]?.value.cooked ?? ''}x`)) return [];
      return isWords(head) ? [{ node, text: head }] : [];
    }
    case 'ConditionalExpression':
      return [...shownStrings(node.consequent), ...shownStrings(node.alternate)];
    case 'LogicalExpression':
      return [...shownStrings(node.left), ...shownStrings(node.right)];
    case 'JSXExpressionContainer':
      return shownStrings(node.expression);
    default:
      return [];
  }
}

module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Text shown in the back office must go through the i18n provider (a catalog key)' },
    schema: [],
    messages: {
      text: 'Text "{{text}}" reaches the screen without an i18n key: add it to apps/admin/src/i18n/*.ts and use translate().',
      prop: 'The {{prop}} "{{text}}" is not an i18n key: add it to apps/admin/src/i18n/*.ts and pass the key.',
      call: 'The message "{{text}}" given to {{callee}}() is not an i18n key.',
    },
  },
  create(context) {
    const report = (node, messageId, data) => context.report({ node, messageId, data: { ...data, text: String(data.text).trim().slice(0, 60) } });
    return {
      JSXText(node) {
        if (isWords(node.value)) report(node, 'text', { text: node.value });
      },
      JSXAttribute(node) {
        const prop = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!prop || !UI_PROPS.has(prop)) return;
        for (const found of shownStrings(node.value)) {
          if (isUiString(found.text)) report(found.node, 'prop', { prop, text: found.text });
        }
      },
      CallExpression(node) {
        const callee = node.callee.type === 'Identifier' ? node.callee.name : null;
        if (!callee || !(callee in MESSAGE_CALLS)) return;
        for (const found of shownStrings(node.arguments[MESSAGE_CALLS[callee]])) {
          if (isUiString(found.text)) report(found.node, 'call', { callee, text: found.text });
        }
      },
    };
  },
};
