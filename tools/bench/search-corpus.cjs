// The judged collection of `npm run bench -- search-quality` (issue 40): help articles of this
// product in English, German and French, built from a hand-written vocabulary of help-center
// topics (subjects × tasks), the queries readers type in six classes, and their judgements.
// Queries and judgements are fixed here, before any tuning of the search: a change to this file
// changes the collection, and the benchmark's figures are only comparable with the same file.
'use strict';

/** What a help center of this product is about: the things a customer manages. */
const SUBJECTS = [
  // key: the distinctive word of the subject in each language (synonyms replace it)
  {
    en: ['password', 'passwords', 'password'],
    de: ['Passwort', 'Passwörter', 'Passwort'],
    fr: ['mot de passe', 'mots de passe', 'passe'],
    syn: { en: 'passcode', de: 'Kennwort', fr: 'code' },
    about: {
      en: 'Your password protects the sign-in to the dashboard and to private help centers.',
      de: 'Ihr Passwort schützt die Anmeldung im Dashboard und in privaten Hilfezentren.',
      fr: 'Votre mot de passe protège la connexion au tableau de bord et aux centres d’aide privés.',
    },
  },
  {
    en: ['invoice', 'invoices', 'invoice'],
    de: ['Rechnung', 'Rechnungen', 'Rechnung'],
    fr: ['facture', 'factures', 'facture'],
    syn: { en: 'bill', de: 'Quittung', fr: 'note' },
    about: {
      en: 'Invoices list every charge of your plan, with taxes and the billing address.',
      de: 'Rechnungen führen jede Belastung Ihres Tarifs mit Steuern und Rechnungsadresse auf.',
      fr: 'Les factures listent chaque prélèvement de votre offre, avec les taxes et l’adresse.',
    },
  },
  {
    en: ['subscription', 'subscriptions', 'subscription'],
    de: ['Abonnement', 'Abonnements', 'Abonnement'],
    fr: ['abonnement', 'abonnements', 'abonnement'],
    syn: { en: 'membership', de: 'Abo', fr: 'forfait' },
    about: {
      en: 'A subscription decides which features and how many seats your help center has.',
      de: 'Ein Abonnement bestimmt Funktionen und Plätze Ihres Hilfezentrums.',
      fr: 'Un abonnement détermine les fonctions et le nombre de places de votre centre d’aide.',
    },
  },
  {
    en: ['team member', 'team members', 'member'],
    de: ['Teammitglied', 'Teammitglieder', 'Teammitglied'],
    fr: ['membre de l’équipe', 'membres de l’équipe', 'membre'],
    syn: { en: 'colleague', de: 'Kollege', fr: 'collègue' },
    about: {
      en: 'Team members write and review articles; owners decide who may publish.',
      de: 'Teammitglieder schreiben und prüfen Artikel; Inhaber entscheiden, wer veröffentlicht.',
      fr: 'Les membres de l’équipe rédigent et relisent les articles ; le propriétaire décide.',
    },
  },
  {
    en: ['API key', 'API keys', 'key'],
    de: ['API-Schlüssel', 'API-Schlüssel', 'Schlüssel'],
    fr: ['clé API', 'clés API', 'clé'],
    syn: { en: 'token', de: 'Token', fr: 'jeton' },
    about: {
      en: 'An API key lets your own scripts read and write the content of one site.',
      de: 'Mit einem API-Schlüssel lesen und schreiben Ihre Skripte die Inhalte einer Site.',
      fr: 'Une clé API permet à vos scripts de lire et d’écrire le contenu d’un site.',
    },
  },
  {
    en: ['webhook', 'webhooks', 'webhook'],
    de: ['Webhook', 'Webhooks', 'Webhook'],
    fr: ['webhook', 'webhooks', 'webhook'],
    syn: { en: 'callback', de: 'Callback', fr: 'rappel' },
    about: {
      en: 'Webhooks tell your systems when an article is published, changed or deleted.',
      de: 'Webhooks melden Ihren Systemen, wenn ein Artikel veröffentlicht oder geändert wird.',
      fr: 'Les webhooks préviennent vos systèmes quand un article est publié ou modifié.',
    },
  },
  {
    en: ['custom domain', 'custom domains', 'domain'],
    de: ['eigene Domain', 'eigene Domains', 'Domain'],
    fr: ['domaine personnalisé', 'domaines personnalisés', 'domaine'],
    syn: { en: 'hostname', de: 'Hostname', fr: 'hôte' },
    about: {
      en: 'A custom domain serves your help center under your own address with a certificate.',
      de: 'Eine eigene Domain liefert Ihr Hilfezentrum unter Ihrer Adresse mit Zertifikat aus.',
      fr: 'Un domaine personnalisé sert votre centre d’aide à votre propre adresse.',
    },
  },
  {
    en: ['notification', 'notifications', 'notification'],
    de: ['Benachrichtigung', 'Benachrichtigungen', 'Benachrichtigung'],
    fr: ['notification', 'notifications', 'notification'],
    syn: { en: 'alert', de: 'Hinweis', fr: 'alerte' },
    about: {
      en: 'Notifications reach you by email when readers comment or rate an article.',
      de: 'Benachrichtigungen erreichen Sie per E-Mail, wenn Leser kommentieren oder bewerten.',
      fr: 'Les notifications vous arrivent par e-mail quand un lecteur commente un article.',
    },
  },
  {
    en: ['category', 'categories', 'category'],
    de: ['Kategorie', 'Kategorien', 'Kategorie'],
    fr: ['catégorie', 'catégories', 'catégorie'],
    syn: { en: 'section', de: 'Rubrik', fr: 'rubrique' },
    about: {
      en: 'Categories group articles on the home page and in the sidebar of the help center.',
      de: 'Kategorien gruppieren Artikel auf der Startseite und in der Seitenleiste.',
      fr: 'Les catégories regroupent les articles sur la page d’accueil et dans la barre latérale.',
    },
  },
  {
    en: ['translation', 'translations', 'translation'],
    de: ['Übersetzung', 'Übersetzungen', 'Übersetzung'],
    fr: ['traduction', 'traductions', 'traduction'],
    syn: { en: 'localization', de: 'Sprachversion', fr: 'version' },
    about: {
      en: 'Translations show an article to readers in their own language once released.',
      de: 'Übersetzungen zeigen einen Artikel in der Sprache der Leser, sobald sie freigegeben sind.',
      fr: 'Les traductions montrent un article dans la langue du lecteur une fois publiées.',
    },
  },
  {
    en: ['payment method', 'payment methods', 'payment'],
    de: ['Zahlungsmethode', 'Zahlungsmethoden', 'Zahlungsmethode'],
    fr: ['moyen de paiement', 'moyens de paiement', 'paiement'],
    syn: { en: 'card', de: 'Zahlungsart', fr: 'carte' },
    about: {
      en: 'The payment method is charged at the start of every billing period.',
      de: 'Die Zahlungsmethode wird zu Beginn jedes Abrechnungszeitraums belastet.',
      fr: 'Le moyen de paiement est débité au début de chaque période de facturation.',
    },
  },
  {
    en: ['email address', 'email addresses', 'email'],
    de: ['E-Mail-Adresse', 'E-Mail-Adressen', 'Adresse'],
    fr: ['adresse e-mail', 'adresses e-mail', 'adresse'],
    syn: { en: 'mailbox', de: 'Postfach', fr: 'courriel' },
    about: {
      en: 'Your email address receives sign-in links, receipts and reader messages.',
      de: 'An Ihre E-Mail-Adresse gehen Anmeldelinks, Belege und Nachrichten der Leser.',
      fr: 'Votre adresse e-mail reçoit les liens de connexion, les reçus et les messages.',
    },
  },
  {
    en: ['theme', 'themes', 'theme'],
    de: ['Design', 'Designs', 'Design'],
    fr: ['thème', 'thèmes', 'thème'],
    syn: { en: 'layout', de: 'Layout', fr: 'apparence' },
    about: {
      en: 'A theme sets the colors, fonts and page layout your readers see.',
      de: 'Ein Design legt Farben, Schriften und Seitenaufbau für Ihre Leser fest.',
      fr: 'Un thème définit les couleurs, les polices et la mise en page pour vos lecteurs.',
    },
  },
  {
    en: ['comment', 'comments', 'comment'],
    de: ['Kommentar', 'Kommentare', 'Kommentar'],
    fr: ['commentaire', 'commentaires', 'commentaire'],
    syn: { en: 'remark', de: 'Anmerkung', fr: 'remarque' },
    about: {
      en: 'Comments let readers ask questions below an article; moderators answer them.',
      de: 'Mit Kommentaren stellen Leser Fragen unter einem Artikel; Moderatoren antworten.',
      fr: 'Les commentaires permettent aux lecteurs de poser des questions sous un article.',
    },
  },
  {
    en: ['report', 'reports', 'report'],
    de: ['Bericht', 'Berichte', 'Bericht'],
    fr: ['rapport', 'rapports', 'rapport'],
    syn: { en: 'statistics', de: 'Auswertung', fr: 'statistiques' },
    about: {
      en: 'Reports count views, searches and ratings of your articles per day.',
      de: 'Berichte zählen Aufrufe, Suchen und Bewertungen Ihrer Artikel pro Tag.',
      fr: 'Les rapports comptent les vues, les recherches et les notes de vos articles.',
    },
  },
  {
    en: ['integration', 'integrations', 'integration'],
    de: ['Integration', 'Integrationen', 'Integration'],
    fr: ['intégration', 'intégrations', 'intégration'],
    syn: { en: 'connector', de: 'Anbindung', fr: 'connecteur' },
    about: {
      en: 'Integrations connect the help center with your chat, CRM and ticketing tools.',
      de: 'Integrationen verbinden das Hilfezentrum mit Chat, CRM und Ticketsystem.',
      fr: 'Les intégrations relient le centre d’aide à votre chat, CRM et outil de tickets.',
    },
  },
  {
    en: ['backup', 'backups', 'backup'],
    de: ['Sicherung', 'Sicherungen', 'Sicherung'],
    fr: ['sauvegarde', 'sauvegardes', 'sauvegarde'],
    syn: { en: 'snapshot', de: 'Backup', fr: 'copie' },
    about: {
      en: 'A backup keeps a copy of every article and category you can restore later.',
      de: 'Eine Sicherung bewahrt eine Kopie aller Artikel und Kategorien zum Wiederherstellen.',
      fr: 'Une sauvegarde garde une copie de chaque article et catégorie à restaurer.',
    },
  },
  {
    en: ['account', 'accounts', 'account'],
    de: ['Konto', 'Konten', 'Konto'],
    fr: ['compte', 'comptes', 'compte'],
    syn: { en: 'profile', de: 'Zugang', fr: 'profil' },
    about: {
      en: 'Your account holds your sites, your team and your billing details.',
      de: 'Ihr Konto enthält Ihre Sites, Ihr Team und Ihre Abrechnungsdaten.',
      fr: 'Votre compte regroupe vos sites, votre équipe et vos données de facturation.',
    },
  },
  {
    en: ['attachment', 'attachments', 'attachment'],
    de: ['Anhang', 'Anhänge', 'Anhang'],
    fr: ['pièce jointe', 'pièces jointes', 'pièce'],
    syn: { en: 'file', de: 'Datei', fr: 'fichier' },
    about: {
      en: 'Attachments are files such as PDFs and images that readers download from an article.',
      de: 'Anhänge sind Dateien wie PDFs und Bilder, die Leser aus einem Artikel laden.',
      fr: 'Les pièces jointes sont des fichiers que les lecteurs téléchargent depuis un article.',
    },
  },
  {
    en: ['redirect', 'redirects', 'redirect'],
    de: ['Weiterleitung', 'Weiterleitungen', 'Weiterleitung'],
    fr: ['redirection', 'redirections', 'redirection'],
    syn: { en: 'forwarding', de: 'Umleitung', fr: 'renvoi' },
    about: {
      en: 'Redirects send readers from an old article address to the new one.',
      de: 'Weiterleitungen führen Leser von einer alten Artikeladresse zur neuen.',
      fr: 'Les redirections envoient les lecteurs d’une ancienne adresse vers la nouvelle.',
    },
  },
];

/** The tasks a help article explains: verb (title form), another form, a synonym. */
const TASKS = [
  {
    en: ['create', 'creating', 'add'],
    de: ['erstellen', 'erstellt', 'anlegen'],
    fr: ['créer', 'créés', 'ajouter'],
  },
  {
    en: ['change', 'changing', 'edit'],
    de: ['ändern', 'geändert', 'bearbeiten'],
    fr: ['modifier', 'modifiés', 'éditer'],
  },
  {
    en: ['delete', 'deleted', 'remove'],
    de: ['löschen', 'gelöscht', 'entfernen'],
    fr: ['supprimer', 'supprimés', 'effacer'],
  },
  {
    en: ['export', 'exporting', 'download'],
    de: ['exportieren', 'exportiert', 'herunterladen'],
    fr: ['exporter', 'exportés', 'télécharger'],
  },
  {
    en: ['share', 'sharing', 'send'],
    de: ['teilen', 'geteilt', 'senden'],
    fr: ['partager', 'partagés', 'envoyer'],
  },
  {
    en: ['configure', 'configuring', 'setup'],
    de: ['konfigurieren', 'konfiguriert', 'einrichten'],
    fr: ['configurer', 'configurés', 'paramétrer'],
  },
  {
    en: ['troubleshoot', 'troubleshooting', 'fix'],
    de: ['reparieren', 'repariert', 'beheben'],
    fr: ['réparer', 'réparés', 'corriger'],
  },
  {
    en: ['restrict', 'restricted', 'limit'],
    de: ['beschränken', 'beschränkt', 'begrenzen'],
    fr: ['restreindre', 'restreints', 'limiter'],
  },
];

const LANGS = ['en', 'de', 'fr'];
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Sentences every help article of a language draws from (the product's voice). */
const FILLER = {
  en: [
    'Open the dashboard and choose the site you work on.',
    'Only owners and editors see this setting.',
    'The change is live for readers within a minute.',
    'If the page shows an error, reload it and try again.',
    'Our support team answers questions on working days.',
    'You can undo this from the history of the site.',
    'Readers on a private help center must sign in first.',
    'Keyboard shortcuts make this faster for large sites.',
  ],
  de: [
    'Öffnen Sie das Dashboard und wählen Sie die Site, an der Sie arbeiten.',
    'Nur Inhaber und Redakteure sehen diese Einstellung.',
    'Die Änderung ist innerhalb einer Minute für Leser sichtbar.',
    'Zeigt die Seite einen Fehler, laden Sie sie neu und versuchen Sie es erneut.',
    'Unser Support beantwortet Fragen an Werktagen.',
    'Sie können das im Verlauf der Site rückgängig machen.',
    'Leser eines privaten Hilfezentrums melden sich zuerst an.',
    'Tastenkürzel beschleunigen das bei großen Sites.',
  ],
  fr: [
    'Ouvrez le tableau de bord et choisissez le site concerné.',
    'Seuls les propriétaires et les éditeurs voient ce réglage.',
    'Le changement est visible pour les lecteurs en une minute.',
    'Si la page affiche une erreur, rechargez-la et réessayez.',
    'Notre équipe de support répond aux questions les jours ouvrés.',
    'Vous pouvez annuler cela depuis l’historique du site.',
    'Les lecteurs d’un centre d’aide privé se connectent d’abord.',
    'Les raccourcis clavier accélèrent cela pour les grands sites.',
  ],
};

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function title(lang, subject, task) {
  const pl = subject[lang][1];
  const verb = task[lang][0];
  if (lang === 'en') return `How to ${verb} ${pl}`;
  if (lang === 'de') return `${cap(pl)} ${verb}`;
  return `${cap(verb)} les ${pl}`;
}

function body(lang, subject, task, r, extraSentences = 0) {
  const [sg, pl] = subject[lang];
  const verb = task[lang][0];
  const filler = FILLER[lang];
  const pick = () => filler[Math.floor(r() * filler.length)];
  const steps = {
    en: [
      `To ${verb} ${pl}, go to Settings and open the ${sg} section.`,
      `Select the ${sg} and confirm; the history keeps every earlier state.`,
    ],
    de: [
      `Um ${pl} zu ${verb}, öffnen Sie die Einstellungen und dort den Bereich ${sg}.`,
      `Wählen Sie ${sg} und bestätigen Sie; der Verlauf behält jeden früheren Stand.`,
    ],
    fr: [
      `Pour ${verb} les ${pl}, ouvrez les paramètres puis la section ${sg}.`,
      `Choisissez ${sg} et confirmez ; l’historique garde chaque état antérieur.`,
    ],
  }[lang];
  const heading = { en: 'Before you start', de: 'Bevor Sie beginnen', fr: 'Avant de commencer' }[
    lang
  ];
  const sentences = [subject.about[lang], pick(), ...steps, pick(), pick()];
  for (let i = 0; i < extraSentences; i++) sentences.push(pick());
  const html = `<p>${sentences.slice(0, 2).join(' ')}</p><h2>${heading}</h2><p>${sentences
    .slice(2)
    .join(' ')}</p>`;
  return { html, text: sentences.join(' '), heading };
}

/**
 * The collection: one article per subject × task (160), each with a translation in every
 * language of LANGS (480 help texts), in a fixed order (article index = subject × 8 + task).
 */
function collection() {
  const articles = [];
  SUBJECTS.forEach((subject, s) =>
    TASKS.forEach((task, t) => {
      const r = rng(1000 + s * 8 + t);
      const translations = {};
      for (const lang of LANGS) {
        const b = body(lang, subject, task, r);
        translations[lang] = { title: title(lang, subject, task), html: b.html, text: b.text };
      }
      articles.push({ index: articles.length, subject: s, task: t, translations });
    }),
  );
  return articles;
}

/** The site's synonym groups per language (the collection's settings): subject and task words. */
function synonyms() {
  const out = {};
  for (const lang of LANGS) {
    out[lang] = [
      ...SUBJECTS.map((s) => [s[lang][2], s.syn[lang]]),
      ...TASKS.map((t) => [t[lang][0], t[lang][2]]),
    ];
  }
  return out;
}

/** One typing mistake in `word` at a position after the first letter (first letters are rarely mistyped). */
function typo(word, r) {
  const chars = Array.from(word);
  const at = 1 + Math.floor(r() * (chars.length - 1));
  const op = Math.floor(r() * 4);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const letter = letters[Math.floor(r() * letters.length)];
  if (op === 0)
    chars[at] = chars[at] === letter ? 'q' : letter; // substitution
  else if (op === 1)
    chars.splice(at, 1); // deletion
  else if (op === 2)
    chars.splice(at, 0, letter); // insertion
  else if (at < chars.length - 1) [chars[at], chars[at + 1]] = [chars[at + 1], chars[at]];
  else [chars[at - 1], chars[at]] = [chars[at], chars[at - 1]]; // transposition
  return chars.join('');
}

/** Misspells the longest word of a query: one edit from 4 letters, two from 8. */
function misspell(query, r) {
  const words = query.split(' ');
  let at = 0;
  words.forEach((w, i) => {
    if (Array.from(w).length > Array.from(words[at]).length) at = i;
  });
  const len = Array.from(words[at]).length;
  let w = typo(words[at], r);
  if (len >= 8) {
    let second = typo(w, r);
    // two edits that undo each other are no misspelling
    while (second === words[at]) second = typo(w, r);
    w = second;
  }
  words[at] = w;
  return words.join(' ');
}

const STOPWORD_FRAMES = {
  en: (v, pl) => `how do i ${v} all of my ${pl} in the help center`,
  de: (v, pl) => `wie kann ich die ${pl} in dem Hilfezentrum ${v}`,
  fr: (v, pl) => `comment est-ce que je peux ${v} les ${pl} dans le centre`,
};

/**
 * The judged queries: per language and class 20 queries, each for one article (grade 2); the
 * other articles of the same subject are partly relevant (grade 1). Classes: clean (the words
 * of the title), misspelled, partial (the last word cut as the reader types it), inflected
 * (other word forms), synonym (a word of the site's synonym list instead), stopword-heavy.
 */
function queries(articles) {
  const out = [];
  const r = rng(40);
  const classes = ['clean', 'misspelled', 'partial', 'inflected', 'synonym', 'stopwords'];
  for (const lang of LANGS) {
    for (const cls of classes) {
      for (let q = 0; q < 20; q++) {
        const a = articles[Math.floor(r() * articles.length)];
        const subject = SUBJECTS[a.subject];
        const task = TASKS[a.task];
        const [sg, pl, key] = subject[lang];
        const [verb, other, syn] = task[lang];
        const clean = lang === 'de' ? `${pl} ${verb}` : `${verb} ${pl}`;
        let text;
        if (cls === 'clean') text = clean;
        else if (cls === 'misspelled') text = misspell(clean, r);
        else if (cls === 'partial') {
          // the reader stops typing in the subject's key word
          const full = lang === 'de' ? `${verb} ${pl}` : clean;
          const words = full.split(' ');
          const last = Array.from(words[words.length - 1]);
          const keep = Math.max(3, Math.ceil(last.length * 0.6));
          words[words.length - 1] = last.slice(0, Math.min(keep, last.length)).join('');
          text = words.join(' ');
        } else if (cls === 'inflected') text = lang === 'de' ? `${sg} ${other}` : `${other} ${sg}`;
        else if (cls === 'synonym') {
          text =
            q % 2 === 0
              ? clean.replace(verb, syn)
              : clean.replace(new RegExp(key + '(en|e|s)?', 'i'), subject.syn[lang]);
        } else text = STOPWORD_FRAMES[lang](verb, pl);
        const grades = new Map(
          articles.filter((x) => x.subject === a.subject).map((x) => [x.index, 1]),
        );
        grades.set(a.index, 2);
        out.push({ lang, cls, text: text.toLowerCase(), target: a.index, grades });
      }
    }
  }
  return out;
}

/** Article `i` of the large site (English): a subject × task article with more filler. */
function largeArticle(i) {
  const r = rng(500000 + i);
  const subject = SUBJECTS[i % SUBJECTS.length];
  const task = TASKS[Math.floor(i / SUBJECTS.length) % TASKS.length];
  const b = body('en', subject, task, r, 4 + Math.floor(r() * 6));
  return { title: `${title('en', subject, task)} (${Math.floor(i / 160) + 1})`, ...b };
}

module.exports = { LANGS, SUBJECTS, TASKS, collection, synonyms, queries, largeArticle, misspell };
