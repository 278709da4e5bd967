import type { Lang } from '@cms/contracts';
import { escapeHtml, headerText, type RenderedMail } from '../mail/form-mail';

interface MailWords {
  subject: string;
  /** Paragraphs before the link; `{site}` and `{hours}`/`{days}` are filled in. */
  intro: string[];
  action: string;
  /** After the link. */
  outro: string;
}

const RESET: Record<Lang, MailWords> = {
  en: {
    subject: 'Reset your password for {site}',
    intro: ['Someone (hopefully you) asked to reset the password of your account on {site}.', 'Open this link within {hours} hour to choose a new password:'],
    action: 'Choose a new password',
    outro: 'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe pour {site}',
    intro: [
      'Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte sur {site}.',
      'Ouvrez ce lien dans l’heure pour choisir un nouveau mot de passe :',
    ],
    action: 'Choisir un nouveau mot de passe',
    outro: 'Le lien ne fonctionne qu’une fois. Si vous ne l’avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.',
  },
  tr: {
    subject: '{site} için parolanızı sıfırlayın',
    intro: [
      'Biri (umarız sizsiniz) {site} üzerindeki hesabınızın parolasını sıfırlamak istedi.',
      'Yeni bir parola seçmek için bu bağlantıyı bir saat içinde açın:',
    ],
    action: 'Yeni parola seç',
    outro: 'Bağlantı yalnızca bir kez çalışır. Bunu siz istemediyseniz bu e-postayı yok sayın: parolanız değişmez.',
  },
  es: {
    subject: 'Restablezca su contraseña de {site}',
    intro: [
      'Alguien (esperamos que usted) ha pedido restablecer la contraseña de su cuenta en {site}.',
      'Abra este enlace antes de una hora para elegir una contraseña nueva:',
    ],
    action: 'Elegir una contraseña nueva',
    outro: 'El enlace funciona una sola vez. Si no lo ha pedido, ignore este mensaje: su contraseña no cambia.',
  },
  it: {
    subject: 'Reimposta la password per {site}',
    intro: [
      'Qualcuno (speriamo tu) ha chiesto di reimpostare la password del tuo account su {site}.',
      'Apri questo link entro un’ora per scegliere una nuova password:',
    ],
    action: 'Scegli una nuova password',
    outro: 'Il link funziona una sola volta. Se non l’hai chiesto tu, ignora questa e-mail: la password resta invariata.',
  },
};

const INVITATION: Record<Lang, MailWords> = {
  en: {
    subject: 'You are invited to {site}',
    intro: ['{inviter} invites you to the back office of {site}.', 'Open this link within {days} days to choose your name and password:'],
    action: 'Accept the invitation',
    outro: 'The link works once. If you do not know this site, ignore this e-mail.',
  },
  fr: {
    subject: 'Vous êtes invité sur {site}',
    intro: ['{inviter} vous invite dans l’administration de {site}.', 'Ouvrez ce lien dans les {days} jours pour choisir votre nom et votre mot de passe :'],
    action: 'Accepter l’invitation',
    outro: 'Le lien ne fonctionne qu’une fois. Si vous ne connaissez pas ce site, ignorez ce message.',
  },
  tr: {
    subject: '{site} sitesine davet edildiniz',
    intro: ['{inviter} sizi {site} yönetim paneline davet ediyor.', 'Adınızı ve parolanızı seçmek için bu bağlantıyı {days} gün içinde açın:'],
    action: 'Daveti kabul et',
    outro: 'Bağlantı yalnızca bir kez çalışır. Bu siteyi tanımıyorsanız bu e-postayı yok sayın.',
  },
  es: {
    subject: 'Le han invitado a {site}',
    intro: ['{inviter} le invita a la administración de {site}.', 'Abra este enlace en los próximos {days} días para elegir su nombre y su contraseña:'],
    action: 'Aceptar la invitación',
    outro: 'El enlace funciona una sola vez. Si no conoce este sitio, ignore este mensaje.',
  },
  it: {
    subject: 'Sei stato invitato su {site}',
    intro: ['{inviter} ti invita nel back office di {site}.', 'Apri questo link entro {days} giorni per scegliere il tuo nome e la password:'],
    action: 'Accetta l’invito',
    outro: 'Il link funziona una sola volta. Se non conosci questo sito, ignora questa e-mail.',
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A mail with one link: a text part, and an HTML part where every value is escaped. */
function render(words: MailWords, link: string, values: Record<string, string>): RenderedMail {
  const intro = words.intro.map((line) => fill(line, values));
  const outro = fill(words.outro, values);
  const text = [...intro, '', link, '', outro, ''].join('\n');
  const html =
    '<!doctype html><html><body>' +
    intro.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>` +
    `<p style="word-break:break-all">${escapeHtml(link)}</p>` +
    `<p>${escapeHtml(outro)}</p></body></html>`;
  return { subject: headerText(fill(words.subject, values)), text, html };
}

export function renderPasswordResetMail(lang: Lang, input: { site: string; link: string }): RenderedMail {
  return render(RESET[lang], input.link, { site: input.site, hours: '1' });
}

export function renderInvitationMail(lang: Lang, input: { site: string; link: string; inviter: string; days: number }): RenderedMail {
  return render(INVITATION[lang], input.link, { site: input.site, inviter: input.inviter, days: String(input.days) });
}
