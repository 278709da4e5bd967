import type { Lang } from '@cms/contracts';

/*
 * The words of the demo site, in each of the five languages. Everything here becomes ordinary
 * data (settings, containers, contents, layout, a form) that editors change or delete.
 */

export type PerLang<T> = Record<Lang, T>;

export const SITE_NAME: PerLang<string> = { en: 'Lumen Studio', fr: 'Studio Lumen', tr: 'Lumen Stüdyo', es: 'Estudio Lumen', it: 'Studio Lumen' };

export const COOKIE_TEXT: PerLang<string> = {
  en: 'Lumen uses one cookie to remember your choice, and measures visits only if you accept.',
  fr: 'Lumen utilise un cookie pour retenir votre choix et ne mesure les visites que si vous acceptez.',
  tr: 'Lumen, seçiminizi hatırlamak için tek bir çerez kullanır ve ziyaretleri yalnızca kabul ederseniz ölçer.',
  es: 'Lumen usa una cookie para recordar tu elección y solo mide las visitas si aceptas.',
  it: 'Lumen usa un cookie per ricordare la tua scelta e misura le visite solo se accetti.',
};

export const NAV: PerLang<{ home: string; blog: string; about: string; contact: string; studio: string; allPosts: string }> = {
  en: { home: 'Home', blog: 'Blog', about: 'About', contact: 'Contact', studio: 'Studio', allPosts: 'All posts' },
  fr: { home: 'Accueil', blog: 'Blog', about: 'À propos', contact: 'Contact', studio: 'Studio', allPosts: 'Tous les articles' },
  tr: { home: 'Ana sayfa', blog: 'Blog', about: 'Hakkımızda', contact: 'İletişim', studio: 'Stüdyo', allPosts: 'Tüm yazılar' },
  es: { home: 'Inicio', blog: 'Blog', about: 'Nosotros', contact: 'Contacto', studio: 'Estudio', allPosts: 'Todas las entradas' },
  it: { home: 'Home', blog: 'Blog', about: 'Chi siamo', contact: 'Contatti', studio: 'Studio', allPosts: 'Tutti gli articoli' },
};

export const HOME: PerLang<{
  eyebrow: string;
  title: string;
  text: string;
  action: string;
  featuresTitle: string;
  features: [string, string][];
  latest: string;
  ctaTitle: string;
  ctaText: string;
  ctaAction: string;
  description: string;
}> = {
  en: {
    eyebrow: 'Design & development studio',
    title: 'We build calm, fast websites',
    text: 'Lumen is a small studio that designs and builds multilingual websites people enjoy reading.',
    action: 'Read the blog',
    featuresTitle: 'What we do',
    features: [
      ['Design', 'Clear layouts and typography that put your words first.'],
      ['Development', 'Server-rendered pages that load in a blink, even on slow phones.'],
      ['Five languages', 'Every page in English, French, Turkish, Spanish and Italian.'],
    ],
    latest: 'Latest posts',
    ctaTitle: 'Have a project in mind?',
    ctaText: 'Tell us about it: we answer within two working days.',
    ctaAction: 'Contact us',
    description: 'Lumen designs and builds calm, fast, multilingual websites.',
  },
  fr: {
    eyebrow: 'Studio de design et de développement',
    title: 'Nous créons des sites calmes et rapides',
    text: 'Lumen est un petit studio qui conçoit et développe des sites multilingues agréables à lire.',
    action: 'Lire le blog',
    featuresTitle: 'Ce que nous faisons',
    features: [
      ['Design', 'Des mises en page claires et une typographie au service de vos mots.'],
      ['Développement', 'Des pages rendues sur le serveur qui s’affichent en un instant, même sur un téléphone lent.'],
      ['Cinq langues', 'Chaque page en anglais, français, turc, espagnol et italien.'],
    ],
    latest: 'Derniers articles',
    ctaTitle: 'Un projet en tête\u00a0?',
    ctaText: 'Parlez-nous-en\u00a0: nous répondons sous deux jours ouvrés.',
    ctaAction: 'Nous contacter',
    description: 'Lumen conçoit et développe des sites multilingues, calmes et rapides.',
  },
  tr: {
    eyebrow: 'Tasarım ve yazılım stüdyosu',
    title: 'Sakin ve hızlı web siteleri yapıyoruz',
    text: 'Lumen, okuması keyifli çok dilli web siteleri tasarlayan ve geliştiren küçük bir stüdyodur.',
    action: 'Bloğu okuyun',
    featuresTitle: 'Neler yapıyoruz',
    features: [
      ['Tasarım', 'Sözlerinizi öne çıkaran sade düzenler ve tipografi.'],
      ['Geliştirme', 'Yavaş telefonlarda bile anında açılan, sunucuda oluşturulan sayfalar.'],
      ['Beş dil', 'Her sayfa İngilizce, Fransızca, Türkçe, İspanyolca ve İtalyanca.'],
    ],
    latest: 'Son yazılar',
    ctaTitle: 'Aklınızda bir proje mi var?',
    ctaText: 'Bize anlatın: iki iş günü içinde yanıt veriyoruz.',
    ctaAction: 'Bize yazın',
    description: 'Lumen sakin, hızlı ve çok dilli web siteleri tasarlar ve geliştirir.',
  },
  es: {
    eyebrow: 'Estudio de diseño y desarrollo',
    title: 'Creamos sitios web tranquilos y rápidos',
    text: 'Lumen es un pequeño estudio que diseña y desarrolla sitios multilingües que da gusto leer.',
    action: 'Leer el blog',
    featuresTitle: 'Lo que hacemos',
    features: [
      ['Diseño', 'Maquetas claras y una tipografía que pone tus palabras primero.'],
      ['Desarrollo', 'Páginas generadas en el servidor que cargan al instante, incluso en móviles lentos.'],
      ['Cinco idiomas', 'Cada página en inglés, francés, turco, español e italiano.'],
    ],
    latest: 'Últimas entradas',
    ctaTitle: '¿Tienes un proyecto en mente?',
    ctaText: 'Cuéntanoslo: respondemos en dos días laborables.',
    ctaAction: 'Contáctanos',
    description: 'Lumen diseña y desarrolla sitios web multilingües, tranquilos y rápidos.',
  },
  it: {
    eyebrow: 'Studio di design e sviluppo',
    title: 'Creiamo siti web sereni e veloci',
    text: 'Lumen è un piccolo studio che progetta e sviluppa siti multilingue piacevoli da leggere.',
    action: 'Leggi il blog',
    featuresTitle: 'Cosa facciamo',
    features: [
      ['Design', 'Impaginazioni chiare e una tipografia che mette al centro le tue parole.'],
      ['Sviluppo', 'Pagine generate sul server che si aprono in un attimo, anche su telefoni lenti.'],
      ['Cinque lingue', 'Ogni pagina in inglese, francese, turco, spagnolo e italiano.'],
    ],
    latest: 'Ultimi articoli',
    ctaTitle: 'Hai un progetto in mente?',
    ctaText: 'Raccontacelo: rispondiamo entro due giorni lavorativi.',
    ctaAction: 'Contattaci',
    description: 'Lumen progetta e sviluppa siti web multilingue, sereni e veloci.',
  },
};

export const BLOG: PerLang<{ title: string; text: string }> = {
  en: { title: 'Notes from the studio', text: 'What we learn while building websites, written down.' },
  fr: { title: 'Notes du studio', text: 'Ce que nous apprenons en créant des sites, mis par écrit.' },
  tr: { title: 'Stüdyodan notlar', text: 'Web siteleri yaparken öğrendiklerimiz, yazıya dökülmüş hâliyle.' },
  es: { title: 'Notas del estudio', text: 'Lo que aprendemos creando sitios web, por escrito.' },
  it: { title: 'Appunti dallo studio', text: 'Quello che impariamo costruendo siti web, messo per iscritto.' },
};

interface DemoPost {
  slug: string;
  date: string;
  palette: [string, string, string];
  text: PerLang<{ title: string; subtitle: string; body: string }>;
}

export const POSTS: DemoPost[] = [
  {
    slug: 'fast-pages',
    date: '2026-03-02T09:00:00.000Z',
    palette: ['#0f766e', '#26d17d', '#e0f2fe'],
    text: {
      en: {
        title: 'Why fast pages matter',
        subtitle: 'Every second a page takes to load costs readers. Here is how we keep ours quick.',
        body: '<p>Readers leave slow pages before they see a single word. We render every page on the server, cache it, and send <strong>only the script a page needs</strong>.</p><h2>Three habits</h2><ul><li>Images come in the size the screen asks for.</li><li>Nothing moves while the page loads.</li><li>A page reads well without JavaScript.</li></ul>',
      },
      fr: {
        title: 'Pourquoi la vitesse compte',
        subtitle: 'Chaque seconde de chargement coûte des lecteurs. Voici comment nous gardons nos pages rapides.',
        body: '<p>Les lecteurs quittent une page lente avant d’en avoir lu un mot. Nous rendons chaque page sur le serveur, la gardons en cache et n’envoyons <strong>que le script dont elle a besoin</strong>.</p><h2>Trois habitudes</h2><ul><li>Les images arrivent à la taille que l’écran demande.</li><li>Rien ne bouge pendant le chargement.</li><li>Une page se lit bien sans JavaScript.</li></ul>',
      },
      tr: {
        title: 'Hızlı sayfalar neden önemli',
        subtitle: 'Bir sayfanın yüklenmesi için geçen her saniye okuyucu kaybettirir. Sayfalarımızı nasıl hızlı tuttuğumuzu anlatıyoruz.',
        body: '<p>Okuyucular yavaş bir sayfayı tek kelime görmeden terk eder. Her sayfayı sunucuda oluşturuyor, önbellekte tutuyor ve <strong>yalnızca gereken betiği</strong> gönderiyoruz.</p><h2>Üç alışkanlık</h2><ul><li>Görseller ekranın istediği boyutta gelir.</li><li>Sayfa yüklenirken hiçbir şey kaymaz.</li><li>Sayfa JavaScript olmadan da rahat okunur.</li></ul>',
      },
      es: {
        title: 'Por qué importan las páginas rápidas',
        subtitle: 'Cada segundo de carga cuesta lectores. Así mantenemos nuestras páginas ágiles.',
        body: '<p>Los lectores abandonan una página lenta antes de leer una sola palabra. Generamos cada página en el servidor, la guardamos en caché y enviamos <strong>solo el script que necesita</strong>.</p><h2>Tres hábitos</h2><ul><li>Las imágenes llegan al tamaño que pide la pantalla.</li><li>Nada se mueve mientras carga la página.</li><li>Una página se lee bien sin JavaScript.</li></ul>',
      },
      it: {
        title: 'Perché le pagine veloci contano',
        subtitle: 'Ogni secondo di caricamento costa lettori. Ecco come manteniamo veloci le nostre pagine.',
        body: '<p>I lettori abbandonano una pagina lenta prima di leggerne una parola. Generiamo ogni pagina sul server, la teniamo in cache e inviamo <strong>solo lo script che le serve</strong>.</p><h2>Tre abitudini</h2><ul><li>Le immagini arrivano nella misura che lo schermo chiede.</li><li>Niente si sposta durante il caricamento.</li><li>Una pagina si legge bene anche senza JavaScript.</li></ul>',
      },
    },
  },
  {
    slug: 'writing-for-five-languages',
    date: '2026-02-16T09:00:00.000Z',
    palette: ['#7c3aed', '#f472b6', '#fdf4ff'],
    text: {
      en: {
        title: 'Writing for five languages',
        subtitle: 'Translation is more than words: dates, numbers and tone change too.',
        body: '<p>A good multilingual site speaks to each reader in their own way. We write every page in <em>each</em> language rather than running it through a machine.</p><p>Dates and numbers follow the reader’s habits, and a text that is not translated yet says so, instead of pretending.</p>',
      },
      fr: {
        title: 'Écrire en cinq langues',
        subtitle: 'Traduire ne se limite pas aux mots\u00a0: les dates, les nombres et le ton changent aussi.',
        body: '<p>Un bon site multilingue parle à chaque lecteur à sa manière. Nous écrivons chaque page dans <em>chaque</em> langue au lieu de la confier à une machine.</p><p>Les dates et les nombres suivent les habitudes du lecteur, et un texte pas encore traduit le dit au lieu de faire semblant.</p>',
      },
      tr: {
        title: 'Beş dilde yazmak',
        subtitle: 'Çeviri yalnızca kelimelerden ibaret değildir: tarihler, sayılar ve üslup da değişir.',
        body: '<p>İyi bir çok dilli site her okuyucuyla kendi diliyle konuşur. Her sayfayı bir makineye bırakmak yerine <em>her</em> dilde ayrı ayrı yazıyoruz.</p><p>Tarihler ve sayılar okuyucunun alışkanlıklarına uyar; henüz çevrilmemiş bir metin de bunu saklamaz.</p>',
      },
      es: {
        title: 'Escribir en cinco idiomas',
        subtitle: 'Traducir es más que cambiar palabras: también cambian las fechas, los números y el tono.',
        body: '<p>Un buen sitio multilingüe habla a cada lector a su manera. Escribimos cada página en <em>cada</em> idioma en lugar de pasarla por una máquina.</p><p>Las fechas y los números siguen las costumbres del lector, y un texto aún sin traducir lo dice en vez de disimular.</p>',
      },
      it: {
        title: 'Scrivere in cinque lingue',
        subtitle: 'Tradurre non è solo una questione di parole: cambiano anche date, numeri e tono.',
        body: '<p>Un buon sito multilingue parla a ogni lettore a modo suo. Scriviamo ogni pagina in <em>ogni</em> lingua invece di affidarla a una macchina.</p><p>Date e numeri seguono le abitudini del lettore, e un testo non ancora tradotto lo dice invece di fingere.</p>',
      },
    },
  },
  {
    slug: 'a-calm-design-system',
    date: '2026-01-26T09:00:00.000Z',
    palette: ['#ea580c', '#facc15', '#fff7ed'],
    text: {
      en: {
        title: 'A calm design system',
        subtitle: 'Fewer colours, more space: the small rules behind our layouts.',
        body: '<p>We start every site with one accent colour, one typeface and generous space. Everything else has to earn its place.</p><blockquote>Calm pages are easier to read, and easier to keep beautiful.</blockquote>',
      },
      fr: {
        title: 'Un système de design apaisé',
        subtitle: 'Moins de couleurs, plus d’espace\u00a0: les petites règles derrière nos mises en page.',
        body: '<p>Nous commençons chaque site avec une couleur d’accent, une police et beaucoup d’espace. Tout le reste doit mériter sa place.</p><blockquote>Une page calme se lit mieux, et reste belle plus facilement.</blockquote>',
      },
      tr: {
        title: 'Sakin bir tasarım sistemi',
        subtitle: 'Daha az renk, daha çok boşluk: düzenlerimizin ardındaki küçük kurallar.',
        body: '<p>Her siteye tek bir vurgu rengi, tek bir yazı tipi ve bolca boşlukla başlıyoruz. Geri kalan her şey yerini hak etmeli.</p><blockquote>Sakin sayfalar daha kolay okunur ve güzel kalmaları daha kolaydır.</blockquote>',
      },
      es: {
        title: 'Un sistema de diseño sereno',
        subtitle: 'Menos colores, más espacio: las pequeñas reglas detrás de nuestras maquetas.',
        body: '<p>Empezamos cada sitio con un color de acento, una tipografía y mucho espacio. Todo lo demás tiene que ganarse su lugar.</p><blockquote>Las páginas serenas se leen mejor y es más fácil mantenerlas bonitas.</blockquote>',
      },
      it: {
        title: 'Un design system sereno',
        subtitle: 'Meno colori, più spazio: le piccole regole dietro i nostri layout.',
        body: '<p>Iniziamo ogni sito con un colore d’accento, un carattere e tanto spazio. Tutto il resto deve guadagnarsi il suo posto.</p><blockquote>Le pagine serene si leggono meglio e restano belle più facilmente.</blockquote>',
      },
    },
  },
];

export const ABOUT: PerLang<{ eyebrow: string; title: string; text: string; body: string; description: string }> = {
  en: {
    eyebrow: 'About us',
    title: 'A small studio with a big love for the web',
    text: 'Four people, five languages, one idea: websites should be a pleasure to read.',
    body: '<h2>How we work</h2><p>We meet you, read what you have to say, and shape a site around it. You then edit every page yourself from the back office, in every language.</p>',
    description: 'Who we are and how we work.',
  },
  fr: {
    eyebrow: 'À propos',
    title: 'Un petit studio qui aime le web',
    text: 'Quatre personnes, cinq langues, une idée\u00a0: un site doit être un plaisir à lire.',
    body: '<h2>Notre façon de travailler</h2><p>Nous vous rencontrons, lisons ce que vous avez à dire et construisons le site autour. Vous modifiez ensuite chaque page vous-même depuis l’administration, dans chaque langue.</p>',
    description: 'Qui nous sommes et comment nous travaillons.',
  },
  tr: {
    eyebrow: 'Hakkımızda',
    title: 'Web’i çok seven küçük bir stüdyo',
    text: 'Dört kişi, beş dil, tek fikir: web siteleri okuması keyifli olmalı.',
    body: '<h2>Nasıl çalışıyoruz</h2><p>Sizinle tanışıyor, anlatmak istediklerinizi okuyor ve siteyi bunun etrafında şekillendiriyoruz. Ardından her sayfayı her dilde yönetim panelinden kendiniz düzenliyorsunuz.</p>',
    description: 'Kim olduğumuz ve nasıl çalıştığımız.',
  },
  es: {
    eyebrow: 'Nosotros',
    title: 'Un pequeño estudio enamorado de la web',
    text: 'Cuatro personas, cinco idiomas, una idea: un sitio web debe ser un placer de leer.',
    body: '<h2>Cómo trabajamos</h2><p>Te conocemos, leemos lo que quieres contar y damos forma al sitio a su alrededor. Después editas cada página tú mismo desde la administración, en cada idioma.</p>',
    description: 'Quiénes somos y cómo trabajamos.',
  },
  it: {
    eyebrow: 'Chi siamo',
    title: 'Un piccolo studio innamorato del web',
    text: 'Quattro persone, cinque lingue, un’idea: un sito deve essere un piacere da leggere.',
    body: '<h2>Come lavoriamo</h2><p>Ti conosciamo, leggiamo quello che hai da dire e costruiamo il sito intorno. Poi modifichi ogni pagina da solo dall’amministrazione, in ogni lingua.</p>',
    description: 'Chi siamo e come lavoriamo.',
  },
};

export const CONTACT: PerLang<{ title: string; text: string; name: string; email: string; message: string; send: string; description: string }> = {
  en: {
    title: 'Write to us',
    text: 'A question, a project, a hello: we read everything.',
    name: 'Your name',
    email: 'E-mail',
    message: 'Message',
    send: 'Send',
    description: 'Write to the Lumen studio.',
  },
  fr: {
    title: 'Écrivez-nous',
    text: 'Une question, un projet, un bonjour\u00a0: nous lisons tout.',
    name: 'Votre nom',
    email: 'Courriel',
    message: 'Message',
    send: 'Envoyer',
    description: 'Écrire au studio Lumen.',
  },
  tr: {
    title: 'Bize yazın',
    text: 'Bir soru, bir proje ya da bir merhaba: hepsini okuyoruz.',
    name: 'Adınız',
    email: 'E-posta',
    message: 'Mesaj',
    send: 'Gönder',
    description: 'Lumen stüdyosuna yazın.',
  },
  es: {
    title: 'Escríbenos',
    text: 'Una pregunta, un proyecto, un saludo: lo leemos todo.',
    name: 'Tu nombre',
    email: 'Correo',
    message: 'Mensaje',
    send: 'Enviar',
    description: 'Escribe al estudio Lumen.',
  },
  it: {
    title: 'Scrivici',
    text: 'Una domanda, un progetto, un saluto: leggiamo tutto.',
    name: 'Il tuo nome',
    email: 'E-mail',
    message: 'Messaggio',
    send: 'Invia',
    description: 'Scrivi allo studio Lumen.',
  },
};
