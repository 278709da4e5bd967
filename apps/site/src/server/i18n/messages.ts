import { Lang } from '@cms/contracts';

/** The site's own words, in each of the five languages; page content comes from the CMS. */
export interface Messages {
  /** The language's name in itself, for the language switcher. */
  languageName: string;
  siteName: string;
  skipToContent: string;
  languages: string;
  poweredBy: string;
  backOffice: string;
  home: {
    title: string;
    eyebrow: string;
    openBackOffice: string;
    welcome: string;
    intro: string;
    featuresTitle: string;
    features: { title: string; text: string }[];
    ctaTitle: string;
    ctaText: string;
    ctaAction: string;
  };
  notFound: { title: string; text: string; action: string };
  serverError: { title: string; text: string; action: string };
  cookies: { label: string; text: string; accept: string; decline: string; settings: string };
  /** The stand-in of a page only some roles may read. */
  guarded: { title: string; text: string; action: string };
  forms: {
    submit: string;
    sending: string;
    /** Shown when the form has no success message of its own. */
    success: string;
    /** Shown when the form has no error message of its own. */
    error: string;
    /** `{seconds}` is replaced by the wait the API asks for. */
    tooMany: string;
    unavailable: string;
    choose: string;
    /** Label of the hidden honeypot input, for the rare assistive technology that reaches it. */
    honeypot: string;
  };
  contents: { empty: string };
  media: { download: string };
  /** Values of content fields. `{name}` and `{size}` in `file`. */
  fields: { yes: string; no: string; map: string; file: string };
  /** Pagination of `contents` blocks; `{page}` and `{pages}` are replaced. */
  pagination: { label: string; previous: string; next: string; page: string };
  navigation: { main: string; footer: string; menu: string };
  /** The staff bar the client script shows to signed-in users who may edit the page. */
  staff: { label: string; backOffice: string; edit: string };
  /**
   * A draft shown through a preview link: the band over the page, and the page of a link the API
   * refused (tampered, expired, or made for another page).
   */
  preview: { band: string; refusedTitle: string; refusedText: string; refusedAction: string };
}

const en: Messages = {
  languageName: 'English',
  siteName: 'CMS',
  skipToContent: 'Skip to content',
  languages: 'Languages',
  poweredBy: 'Powered by CMS',
  backOffice: 'Back office',
  home: {
    title: 'Home',
    eyebrow: 'Multilingual website',
    openBackOffice: 'Open the back office',
    welcome: 'Welcome to our website',
    intro: 'This site is available in five languages. Its pages are managed from the back office.',
    featuresTitle: 'Built for a multilingual site',
    features: [
      { title: 'Five languages', text: 'English, French, Turkish, Spanish and Italian, each with its own address.' },
      { title: 'Fast pages', text: 'Pages are rendered on the server and can be read without JavaScript.' },
      { title: 'Managed content', text: 'Staff edit containers, contents, forms and media from the back office.' },
    ],
    ctaTitle: 'Ready to publish?',
    ctaText: 'Sign in to the back office to create your first pages.',
    ctaAction: 'Sign in',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    action: 'Back to the home page',
  },
  serverError: {
    title: 'Something went wrong',
    text: 'The page could not be shown. Please try again in a moment.',
    action: 'Back to the home page',
  },
  cookies: {
    label: 'Cookie consent',
    text: 'We use cookies to remember your choices and, with your consent, to measure the audience of this site.',
    accept: 'Accept',
    decline: 'Decline',
    settings: 'Cookie preferences',
  },
  guarded: {
    title: 'Members only',
    text: 'This page is for signed-in members. Sign in to read it.',
    action: 'Sign in',
  },
  forms: {
    submit: 'Send',
    sending: 'Sending…',
    success: 'Thank you: your message was sent.',
    error: 'Some values are missing or invalid.',
    tooMany: 'Too many messages were sent from your connection. Please try again in {seconds} seconds.',
    unavailable: 'Your message could not be sent. Please try again in a moment.',
    choose: 'Choose…',
    honeypot: 'Leave this field empty',
  },
  contents: { empty: 'Nothing here yet.' },
  media: { download: 'Download the file' },
  fields: { yes: 'Yes', no: 'No', map: 'Show on a map', file: 'Download {name} ({size})' },
  pagination: { label: 'Pages', previous: 'Previous', next: 'Next', page: 'Page {page} of {pages}' },
  navigation: { main: 'Main', footer: 'Footer', menu: 'Menu' },
  staff: { label: 'Staff', backOffice: 'Back office', edit: 'Edit this page' },
  preview: {
    band: 'Preview, not live',
    refusedTitle: 'This preview link does not work',
    refusedText: 'The preview link is invalid or has expired. Open the preview again from the back office.',
    refusedAction: 'See the published page',
  },
};

const fr: Messages = {
  languageName: 'Français',
  siteName: 'CMS',
  skipToContent: 'Aller au contenu',
  languages: 'Langues',
  poweredBy: 'Propulsé par CMS',
  backOffice: 'Administration',
  home: {
    title: 'Accueil',
    eyebrow: 'Site multilingue',
    openBackOffice: 'Ouvrir l’administration',
    welcome: 'Bienvenue sur notre site',
    intro: 'Ce site est disponible en cinq langues. Ses pages sont gérées depuis l’espace d’administration.',
    featuresTitle: 'Conçu pour un site multilingue',
    features: [
      { title: 'Cinq langues', text: 'Anglais, français, turc, espagnol et italien, chacune avec sa propre adresse.' },
      { title: 'Des pages rapides', text: 'Les pages sont générées sur le serveur et se lisent sans JavaScript.' },
      { title: 'Un contenu géré', text: 'L’équipe modifie conteneurs, contenus, formulaires et médias depuis l’administration.' },
    ],
    ctaTitle: 'Prêt à publier\u00a0?',
    ctaText: 'Connectez-vous à l’administration pour créer vos premières pages.',
    ctaAction: 'Se connecter',
  },
  notFound: {
    title: 'Page introuvable',
    text: 'La page que vous cherchez n’existe pas ou a été déplacée.',
    action: 'Retour à l’accueil',
  },
  serverError: {
    title: 'Une erreur est survenue',
    text: 'La page n’a pas pu être affichée. Veuillez réessayer dans un instant.',
    action: 'Retour à l’accueil',
  },
  cookies: {
    label: 'Consentement aux cookies',
    text: 'Nous utilisons des cookies pour mémoriser vos choix et, avec votre accord, mesurer l’audience de ce site.',
    accept: 'Accepter',
    decline: 'Refuser',
    settings: 'Préférences de cookies',
  },
  guarded: {
    title: 'Réservé aux membres',
    text: 'Cette page est réservée aux membres connectés. Connectez-vous pour la lire.',
    action: 'Se connecter',
  },
  forms: {
    submit: 'Envoyer',
    sending: 'Envoi…',
    success: 'Merci\u00a0: votre message a été envoyé.',
    error: 'Certaines valeurs sont manquantes ou invalides.',
    tooMany: 'Trop de messages ont été envoyés depuis votre connexion. Réessayez dans {seconds}\u00a0secondes.',
    unavailable: 'Votre message n’a pas pu être envoyé. Réessayez dans un instant.',
    choose: 'Choisir…',
    honeypot: 'Laissez ce champ vide',
  },
  contents: { empty: 'Rien pour le moment.' },
  media: { download: 'Télécharger le fichier' },
  fields: { yes: 'Oui', no: 'Non', map: 'Voir sur une carte', file: 'Télécharger {name} ({size})' },
  pagination: { label: 'Pages', previous: 'Précédent', next: 'Suivant', page: 'Page {page} sur {pages}' },
  navigation: { main: 'Principal', footer: 'Pied de page', menu: 'Menu' },
  staff: { label: 'Équipe', backOffice: 'Administration', edit: 'Modifier cette page' },
  preview: {
    band: 'Aperçu, pas en ligne',
    refusedTitle: 'Ce lien d’aperçu ne fonctionne pas',
    refusedText: 'Le lien d’aperçu est invalide ou a expiré. Rouvrez l’aperçu depuis l’administration.',
    refusedAction: 'Voir la page publiée',
  },
};

const tr: Messages = {
  languageName: 'Türkçe',
  siteName: 'CMS',
  skipToContent: 'İçeriğe geç',
  languages: 'Diller',
  poweredBy: 'CMS ile güçlendirilmiştir',
  backOffice: 'Yönetim paneli',
  home: {
    title: 'Ana sayfa',
    eyebrow: 'Çok dilli web sitesi',
    openBackOffice: 'Yönetim panelini aç',
    welcome: 'Web sitemize hoş geldiniz',
    intro: 'Bu site beş dilde yayınlanmaktadır. Sayfaları yönetim panelinden yönetilir.',
    featuresTitle: 'Çok dilli bir site için tasarlandı',
    features: [
      { title: 'Beş dil', text: 'İngilizce, Fransızca, Türkçe, İspanyolca ve İtalyanca; her biri kendi adresiyle.' },
      { title: 'Hızlı sayfalar', text: 'Sayfalar sunucuda oluşturulur ve JavaScript olmadan da okunabilir.' },
      { title: 'Yönetilen içerik', text: 'Ekip; kapsayıcıları, içerikleri, formları ve medyayı yönetim panelinden düzenler.' },
    ],
    ctaTitle: 'Yayına hazır mısınız?',
    ctaText: 'İlk sayfalarınızı oluşturmak için yönetim paneline giriş yapın.',
    ctaAction: 'Giriş yap',
  },
  notFound: {
    title: 'Sayfa bulunamadı',
    text: 'Aradığınız sayfa mevcut değil ya da taşınmış.',
    action: 'Ana sayfaya dön',
  },
  serverError: {
    title: 'Bir hata oluştu',
    text: 'Sayfa görüntülenemedi. Lütfen birazdan tekrar deneyin.',
    action: 'Ana sayfaya dön',
  },
  cookies: {
    label: 'Çerez onayı',
    text: 'Tercihlerinizi hatırlamak ve izninizle sitenin ziyaretçi sayısını ölçmek için çerezler kullanıyoruz.',
    accept: 'Kabul et',
    decline: 'Reddet',
    settings: 'Çerez tercihleri',
  },
  guarded: {
    title: 'Yalnızca üyeler',
    text: 'Bu sayfa giriş yapmış üyeler içindir. Okumak için giriş yapın.',
    action: 'Giriş yap',
  },
  forms: {
    submit: 'Gönder',
    sending: 'Gönderiliyor…',
    success: 'Teşekkürler: mesajınız gönderildi.',
    error: 'Bazı değerler eksik ya da geçersiz.',
    tooMany: 'Bağlantınızdan çok fazla mesaj gönderildi. Lütfen {seconds} saniye sonra yeniden deneyin.',
    unavailable: 'Mesajınız gönderilemedi. Lütfen birazdan yeniden deneyin.',
    choose: 'Seçin…',
    honeypot: 'Bu alanı boş bırakın',
  },
  contents: { empty: 'Henüz bir şey yok.' },
  media: { download: 'Dosyayı indir' },
  fields: { yes: 'Evet', no: 'Hayır', map: 'Haritada göster', file: '{name} indir ({size})' },
  pagination: { label: 'Sayfalar', previous: 'Önceki', next: 'Sonraki', page: 'Sayfa {page} / {pages}' },
  navigation: { main: 'Ana menü', footer: 'Alt bilgi', menu: 'Menü' },
  staff: { label: 'Ekip', backOffice: 'Yönetim paneli', edit: 'Bu sayfayı düzenle' },
  preview: {
    band: 'Önizleme, yayında değil',
    refusedTitle: 'Bu önizleme bağlantısı çalışmıyor',
    refusedText: 'Önizleme bağlantısı geçersiz ya da süresi dolmuş. Önizlemeyi yönetim panelinden yeniden açın.',
    refusedAction: 'Yayındaki sayfayı gör',
  },
};

const es: Messages = {
  languageName: 'Español',
  siteName: 'CMS',
  skipToContent: 'Saltar al contenido',
  languages: 'Idiomas',
  poweredBy: 'Con la tecnología de CMS',
  backOffice: 'Administración',
  home: {
    title: 'Inicio',
    eyebrow: 'Sitio web multilingüe',
    openBackOffice: 'Abrir el panel de administración',
    welcome: 'Bienvenido a nuestro sitio web',
    intro: 'Este sitio está disponible en cinco idiomas. Sus páginas se gestionan desde el panel de administración.',
    featuresTitle: 'Pensado para un sitio multilingüe',
    features: [
      { title: 'Cinco idiomas', text: 'Inglés, francés, turco, español e italiano, cada uno con su propia dirección.' },
      { title: 'Páginas rápidas', text: 'Las páginas se generan en el servidor y se pueden leer sin JavaScript.' },
      { title: 'Contenido gestionado', text: 'El equipo edita contenedores, contenidos, formularios y medios desde el panel de administración.' },
    ],
    ctaTitle: '¿Listo para publicar?',
    ctaText: 'Inicia sesión en el panel de administración para crear tus primeras páginas.',
    ctaAction: 'Iniciar sesión',
  },
  notFound: {
    title: 'Página no encontrada',
    text: 'La página que buscas no existe o se ha movido.',
    action: 'Volver al inicio',
  },
  serverError: {
    title: 'Algo ha salido mal',
    text: 'No se ha podido mostrar la página. Inténtalo de nuevo en unos momentos.',
    action: 'Volver al inicio',
  },
  cookies: {
    label: 'Consentimiento de cookies',
    text: 'Usamos cookies para recordar tus preferencias y, con tu consentimiento, medir la audiencia de este sitio.',
    accept: 'Aceptar',
    decline: 'Rechazar',
    settings: 'Preferencias de cookies',
  },
  guarded: {
    title: 'Solo para miembros',
    text: 'Esta página es para miembros que han iniciado sesión. Inicia sesión para leerla.',
    action: 'Iniciar sesión',
  },
  forms: {
    submit: 'Enviar',
    sending: 'Enviando…',
    success: 'Gracias: tu mensaje se ha enviado.',
    error: 'Faltan algunos valores o no son válidos.',
    tooMany: 'Se han enviado demasiados mensajes desde tu conexión. Inténtalo de nuevo dentro de {seconds} segundos.',
    unavailable: 'No se ha podido enviar tu mensaje. Inténtalo de nuevo en unos momentos.',
    choose: 'Elegir…',
    honeypot: 'Deja este campo vacío',
  },
  contents: { empty: 'Todavía no hay nada aquí.' },
  media: { download: 'Descargar el archivo' },
  fields: { yes: 'Sí', no: 'No', map: 'Ver en un mapa', file: 'Descargar {name} ({size})' },
  pagination: { label: 'Páginas', previous: 'Anterior', next: 'Siguiente', page: 'Página {page} de {pages}' },
  navigation: { main: 'Principal', footer: 'Pie de página', menu: 'Menú' },
  staff: { label: 'Equipo', backOffice: 'Administración', edit: 'Editar esta página' },
  preview: {
    band: 'Vista previa, no publicada',
    refusedTitle: 'Este enlace de vista previa no funciona',
    refusedText: 'El enlace de vista previa no es válido o ha caducado. Vuelve a abrir la vista previa desde el panel de administración.',
    refusedAction: 'Ver la página publicada',
  },
};

const it: Messages = {
  languageName: 'Italiano',
  siteName: 'CMS',
  skipToContent: 'Vai al contenuto',
  languages: 'Lingue',
  poweredBy: 'Realizzato con CMS',
  backOffice: 'Amministrazione',
  home: {
    title: 'Home',
    eyebrow: 'Sito web multilingue',
    openBackOffice: 'Apri il pannello di amministrazione',
    welcome: 'Benvenuti nel nostro sito',
    intro: 'Questo sito è disponibile in cinque lingue. Le sue pagine sono gestite dal pannello di amministrazione.',
    featuresTitle: 'Pensato per un sito multilingue',
    features: [
      { title: 'Cinque lingue', text: 'Inglese, francese, turco, spagnolo e italiano, ognuna con il proprio indirizzo.' },
      { title: 'Pagine veloci', text: 'Le pagine sono generate sul server e si leggono anche senza JavaScript.' },
      { title: 'Contenuti gestiti', text: 'Il team modifica contenitori, contenuti, moduli e media dal pannello di amministrazione.' },
    ],
    ctaTitle: 'Pronti a pubblicare?',
    ctaText: 'Accedi al pannello di amministrazione per creare le tue prime pagine.',
    ctaAction: 'Accedi',
  },
  notFound: {
    title: 'Pagina non trovata',
    text: 'La pagina che cerchi non esiste o è stata spostata.',
    action: 'Torna alla home page',
  },
  serverError: {
    title: 'Si è verificato un errore',
    text: 'Non è stato possibile mostrare la pagina. Riprova tra qualche istante.',
    action: 'Torna alla home page',
  },
  cookies: {
    label: 'Consenso ai cookie',
    text: 'Utilizziamo i cookie per ricordare le tue scelte e, con il tuo consenso, misurare il pubblico di questo sito.',
    accept: 'Accetta',
    decline: 'Rifiuta',
    settings: 'Preferenze cookie',
  },
  guarded: {
    title: 'Riservato ai membri',
    text: 'Questa pagina è riservata ai membri che hanno effettuato l’accesso. Accedi per leggerla.',
    action: 'Accedi',
  },
  forms: {
    submit: 'Invia',
    sending: 'Invio…',
    success: 'Grazie: il tuo messaggio è stato inviato.',
    error: 'Alcuni valori mancano o non sono validi.',
    tooMany: 'Sono stati inviati troppi messaggi dalla tua connessione. Riprova tra {seconds} secondi.',
    unavailable: 'Non è stato possibile inviare il tuo messaggio. Riprova tra qualche istante.',
    choose: 'Scegli…',
    honeypot: 'Lascia vuoto questo campo',
  },
  contents: { empty: 'Ancora niente qui.' },
  media: { download: 'Scarica il file' },
  fields: { yes: 'Sì', no: 'No', map: 'Vedi sulla mappa', file: 'Scarica {name} ({size})' },
  pagination: { label: 'Pagine', previous: 'Precedente', next: 'Successiva', page: 'Pagina {page} di {pages}' },
  navigation: { main: 'Principale', footer: 'Piè di pagina', menu: 'Menu' },
  staff: { label: 'Staff', backOffice: 'Amministrazione', edit: 'Modifica questa pagina' },
  preview: {
    band: 'Anteprima, non pubblicata',
    refusedTitle: 'Questo link di anteprima non funziona',
    refusedText: 'Il link di anteprima non è valido o è scaduto. Riapri l’anteprima dal pannello di amministrazione.',
    refusedAction: 'Vedi la pagina pubblicata',
  },
};

const MESSAGES: Record<Lang, Messages> = { en, fr, tr, es, it };

export function messagesFor(locale: Lang): Messages {
  return MESSAGES[locale] ?? MESSAGES[Lang.en];
}
