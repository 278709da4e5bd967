import en from '../i18n/en';
import fr from '../i18n/fr';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { kindOfAnswer, kindOfMessage, localizeApiAnswer, localizeFormErrors, localizedApiMessage } from './server-errors';

const english = polyglotI18nProvider(() => en, 'en').translate;
const french = polyglotI18nProvider(() => fr, 'fr').translate;

// What the API answers (apps/api: class-validator, the exceptions filter, the services).
const notEmpty = { statusCode: 400, message: 'Invalid input. title: title should not be empty', errors: { title: ['title should not be empty'] } };
const tooLong = {
  statusCode: 400,
  message: 'Invalid input. fields.summary: must be at most 200 characters long',
  errors: { 'fields.summary': ['must be at most 200 characters long'] },
};
const duplicateEmail = { statusCode: 409, message: 'The e-mail ann@example.com is already used by another user' };
const uniqueViolation = { statusCode: 409, message: 'A record with the same unique value already exists: Key (name)=(x) already exists.' };
const stillUsed = { statusCode: 409, message: 'The role "editor" is held by 2 users: give them another role first' };
const otherConflict = { statusCode: 409, message: 'This is the last super-admin: make another user super-admin first' };

describe('server error kinds', () => {
  it('reads the kind of one field message', () => {
    expect(kindOfMessage('title should not be empty')).toEqual({ kind: 'required' });
    expect(kindOfMessage('is required by the "hero" block')).toEqual({ kind: 'required' });
    expect(kindOfMessage('must be at most 200 characters long')).toEqual({ kind: 'too_long', max: 200 });
    expect(kindOfMessage('title must be shorter than or equal to 300 characters')).toEqual({ kind: 'too_long', max: 300 });
    expect(kindOfMessage('A value is too long')).toEqual({ kind: 'too_long' });
    expect(kindOfMessage('is already used by another page')).toEqual({ kind: 'not_unique' });
    expect(kindOfMessage('must be a valid e-mail address')).toBeNull();
  });

  it('reads the kind of a whole answer, a 409 to a DELETE being a record still in use', () => {
    expect(kindOfAnswer({ status: 400, body: notEmpty })).toBe('required');
    expect(kindOfAnswer({ status: 400, body: tooLong })).toBe('too_long');
    expect(kindOfAnswer({ status: 409, body: duplicateEmail, method: 'POST' })).toBe('not_unique');
    expect(kindOfAnswer({ status: 409, body: uniqueViolation, method: 'PUT' })).toBe('not_unique');
    expect(kindOfAnswer({ status: 409, body: stillUsed, method: 'DELETE' })).toBe('delete_conflict');
    expect(kindOfAnswer({ status: 409, body: otherConflict, method: 'PUT' })).toBeNull();
    expect(kindOfAnswer({ status: 500, body: { statusCode: 500, message: 'Internal server error' } })).toBeNull();
  });

  it('is unknown when field messages of different kinds come together', () => {
    const mixed = { statusCode: 400, message: 'Invalid input', errors: { title: ['title should not be empty'], email: ['email must be an email'] } };
    expect(kindOfAnswer({ status: 400, body: mixed })).toBeNull();
  });
});

describe('messages shown for server errors', () => {
  it('shows its own words for the kinds it knows, in the reader language', () => {
    expect(localizeApiAnswer({ status: 400, body: notEmpty }, french)).toBe('Une valeur obligatoire est manquante.');
    expect(localizeApiAnswer({ status: 409, body: duplicateEmail, method: 'POST' }, french)).toBe(
      'Cette valeur est déjà utilisée par un autre enregistrement.',
    );
    expect(localizeApiAnswer({ status: 409, body: stillUsed, method: 'DELETE' }, english)).toBe(en.cms.server_errors.delete_conflict);
    expect(localizeApiAnswer({ status: 400, body: tooLong }, english)).toBe('A value is too long.');
  });

  it("keeps the server's text for what it does not know", () => {
    expect(localizeApiAnswer({ status: 409, body: otherConflict, method: 'PUT' }, french)).toBe(otherConflict.message);
    expect(localizeApiAnswer({ status: 502, body: 'Bad Gateway' }, french)).toBe('La requête a échoué (502).');
  });

  it('translates the field messages react-admin shows under each input', () => {
    expect(localizeFormErrors(notEmpty, french)).toEqual({ title: 'Ce champ est requis' });
    expect(localizeFormErrors(tooLong, french)).toEqual({ 'fields.summary': 'Maximum 200 caractères' });
    const mixed = { errors: { email: ['email must be an email'], slug: ['is already used by another page'] } };
    expect(localizeFormErrors(mixed, english)).toEqual({ email: 'email must be an email', slug: 'Must be unique' });
    expect(localizeFormErrors({ message: 'x' }, english)).toBeNull();
  });

  it('words the errors of the auth calls: unreachable server, known kinds, else the server text', () => {
    expect(localizedApiMessage({ status: 0, body: null, message: 'x' }, french)).toBe('Le serveur est injoignable. Vérifiez votre connexion et réessayez.');
    expect(localizedApiMessage({ status: 400, body: notEmpty, message: notEmpty.message }, french)).toBe('Une valeur obligatoire est manquante.');
    expect(localizedApiMessage({ status: 503, body: { message: 'The server is busy' }, message: 'The server is busy' }, french)).toBe('The server is busy');
    expect(localizedApiMessage({ status: 502, body: '<html>Bad Gateway</html>', message: 'Bad Gateway' }, french)).toBe('La requête a échoué (502).');
  });
});
