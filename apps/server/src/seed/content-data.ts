import { locales, type Text, t } from './text.ts';

/** Demo content: the info page, two news pages, footer columns, service messages and mail templates. */

export interface PageSpec {
  key: string;
  kind: 'page' | 'info' | 'news';
  name: string;
  /** Days before the reference date it was published. */
  publishedDaysAgo: number;
  title: Text;
  html: Text;
}

export const pageSpecs: PageSpec[] = [
  {
    key: 'info',
    kind: 'info',
    name: 'Info – zo werkt het portaal',
    publishedDaysAgo: 200,
    title: t(
      'Zo werkt Materieelportaal',
      'How Materieelportaal works',
      'Comment fonctionne Materieelportaal',
      'So funktioniert Materieelportaal',
    ),
    html: t(
      '<h2>Materieel bestellen in vier stappen</h2><ol><li>Kies je projectlocatie rechtsboven.</li><li>Zoek in de catalogus of via het zoekveld en zet materieel op je bestellijst.</li><li>Vul de leverdatum, het werkadres en de contactpersoon in.</li><li>Verstuur de aanvraag: je ontvangt direct een bevestiging per e-mail.</li></ol><h2>Afvoeren en verplaatsen</h2><p>Op <strong>Project</strong> zie je de actuele voorraad van je locatie. Zet materieel op de afvoerlijst om het te laten ophalen, of verplaats het naar een andere locatie.</p><h2>Vragen?</h2><p>Bel de materieeldienst op <a href="tel:+31302418800">030 241 88 00</a> (werkdagen 7.00–17.00 uur).</p>',
      '<h2>Ordering equipment in four steps</h2><ol><li>Choose your project location at the top right.</li><li>Search the catalogue or use the search box and add equipment to your order list.</li><li>Fill in the delivery date, the work address and the contact person.</li><li>Submit the request: you receive a confirmation by e-mail straight away.</li></ol><h2>Returns and moves</h2><p>Under <strong>Project</strong> you see the current stock of your location. Put equipment on the removal list to have it collected, or move it to another location.</p><h2>Questions?</h2><p>Call the equipment department at <a href="tel:+31302418800">+31 30 241 88 00</a> (weekdays 7 am–5 pm).</p>',
      '<h2>Commander du matériel en quatre étapes</h2><ol><li>Choisissez votre chantier en haut à droite.</li><li>Cherchez dans le catalogue ou via la recherche et ajoutez le matériel à votre liste de commande.</li><li>Indiquez la date de livraison, l’adresse de chantier et le contact.</li><li>Envoyez la demande : vous recevez aussitôt une confirmation par e-mail.</li></ol><h2>Retours et transferts</h2><p>Sous <strong>Projet</strong> vous voyez le stock actuel de votre chantier. Ajoutez du matériel à la liste de retour pour le faire enlever, ou transférez-le vers un autre chantier.</p><h2>Des questions ?</h2><p>Appelez le service matériel au <a href="tel:+31302418800">+31 30 241 88 00</a> (jours ouvrables 7 h–17 h).</p>',
      '<h2>Geräte bestellen in vier Schritten</h2><ol><li>Wählen Sie oben rechts Ihre Baustelle.</li><li>Suchen Sie im Katalog oder über das Suchfeld und legen Sie Geräte auf Ihre Bestellliste.</li><li>Geben Sie Liefertermin, Arbeitsadresse und Ansprechpartner ein.</li><li>Senden Sie die Anfrage ab: Sie erhalten sofort eine Bestätigung per E-Mail.</li></ol><h2>Rückgabe und Umsetzung</h2><p>Unter <strong>Projekt</strong> sehen Sie den aktuellen Bestand Ihrer Baustelle. Setzen Sie Geräte auf die Rückgabeliste, um sie abholen zu lassen, oder setzen Sie sie auf eine andere Baustelle um.</p><h2>Fragen?</h2><p>Rufen Sie die Geräteabteilung an: <a href="tel:+31302418800">+31 30 241 88 00</a> (werktags 7–17 Uhr).</p>',
    ),
  },
  {
    key: 'news-lichtmasten',
    kind: 'news',
    name: 'Nieuws – hybride lichtmasten',
    publishedDaysAgo: 21,
    title: t(
      'Nieuw: hybride LED-lichtmasten',
      'New: hybrid LED lighting towers',
      'Nouveau : mâts d’éclairage LED hybrides',
      'Neu: hybride LED-Lichtmasten',
    ),
    html: t(
      '<p>Vanaf deze maand huur je bij ons <strong>hybride LED-lichtmasten</strong> met accupakket. Ze draaien tot 70 % minder uren op diesel en zijn ’s nachts vrijwel geruisloos: ideaal voor werk in woonwijken.</p><p>Je vindt ze in de catalogus onder <em>Verlichting › Lichtmasten</em>.</p>',
      '<p>From this month you can rent <strong>hybrid LED lighting towers</strong> with a battery pack. They run up to 70% fewer hours on diesel and are almost silent at night: ideal for work in residential areas.</p><p>Find them in the catalogue under <em>Lighting › Lighting towers</em>.</p>',
      '<p>Dès ce mois-ci, louez nos <strong>mâts d’éclairage LED hybrides</strong> avec batterie. Ils fonctionnent jusqu’à 70 % d’heures en moins au diesel et sont presque silencieux la nuit : idéal en zone résidentielle.</p><p>Retrouvez-les dans le catalogue sous <em>Éclairage › Mâts d’éclairage</em>.</p>',
      '<p>Ab diesem Monat mieten Sie bei uns <strong>hybride LED-Lichtmasten</strong> mit Akkupaket. Sie laufen bis zu 70 % weniger Stunden mit Diesel und sind nachts nahezu geräuschlos: ideal für Arbeiten in Wohngebieten.</p><p>Sie finden sie im Katalog unter <em>Beleuchtung › Lichtmasten</em>.</p>',
    ),
  },
  {
    key: 'news-feestdagen',
    kind: 'news',
    name: 'Nieuws – openingstijden feestdagen',
    publishedDaysAgo: 7,
    title: t(
      'Openingstijden depots rond de feestdagen',
      'Depot opening hours over the holidays',
      'Horaires des dépôts pendant les fêtes',
      'Öffnungszeiten der Depots über die Feiertage',
    ),
    html: t(
      '<p>Tussen Kerst en Oud en Nieuw zijn onze depots beperkt open. Op 24 en 31 december sluiten we om 12.00 uur; op 25 en 26 december en 1 januari zijn we gesloten.</p><p>Plan leveringen en afvoer voor de bouwvak van de winter daarom uiterlijk <strong>drie werkdagen</strong> vooruit.</p>',
      '<p>Between Christmas and New Year our depots have reduced opening hours. On 24 and 31 December we close at noon; on 25 and 26 December and 1 January we are closed.</p><p>Please plan deliveries and collections for the winter break at least <strong>three working days</strong> ahead.</p>',
      '<p>Entre Noël et le Nouvel An, nos dépôts ont des horaires réduits. Les 24 et 31 décembre nous fermons à midi ; les 25 et 26 décembre et le 1er janvier nous sommes fermés.</p><p>Planifiez livraisons et enlèvements pour la trêve hivernale au moins <strong>trois jours ouvrables</strong> à l’avance.</p>',
      '<p>Zwischen Weihnachten und Neujahr sind unsere Depots eingeschränkt geöffnet. Am 24. und 31. Dezember schließen wir um 12 Uhr; am 25. und 26. Dezember und am 1. Januar ist geschlossen.</p><p>Planen Sie Lieferungen und Abholungen für die Winterpause bitte mindestens <strong>drei Werktage</strong> im Voraus.</p>',
    ),
  },
];

export const footerSpecs: Record<'footer_column_one' | 'footer_column_two' | 'footer_column_three', Text> = {
  footer_column_one: t(
    '<h4>Materieeldienst</h4><p>Atoomweg 112<br>3542 AB Utrecht<br>030 241 88 00</p>',
    '<h4>Equipment department</h4><p>Atoomweg 112<br>3542 AB Utrecht, the Netherlands<br>+31 30 241 88 00</p>',
    '<h4>Service matériel</h4><p>Atoomweg 112<br>3542 AB Utrecht, Pays-Bas<br>+31 30 241 88 00</p>',
    '<h4>Geräteabteilung</h4><p>Atoomweg 112<br>3542 AB Utrecht, Niederlande<br>+31 30 241 88 00</p>',
  ),
  footer_column_two: t(
    '<h4>Openingstijden</h4><p>Maandag t/m vrijdag 7.00–17.00 uur<br>Spoed buiten kantoortijd: 06 10 20 30 40</p>',
    '<h4>Opening hours</h4><p>Monday to Friday 7 am–5 pm<br>Out-of-hours emergencies: +31 6 10 20 30 40</p>',
    '<h4>Horaires</h4><p>Du lundi au vendredi 7 h–17 h<br>Urgences hors horaires : +31 6 10 20 30 40</p>',
    '<h4>Öffnungszeiten</h4><p>Montag bis Freitag 7–17 Uhr<br>Notfälle außerhalb der Geschäftszeiten: +31 6 10 20 30 40</p>',
  ),
  footer_column_three: t(
    '<h4>Veilig werken</h4><p>Gebruik materieel alleen met geldige keuring. Vragen over keuringen? Mail <a href="mailto:keuringen@materieelportaal.nl">keuringen@materieelportaal.nl</a>.</p>',
    '<h4>Working safely</h4><p>Only use equipment with a valid inspection. Questions about inspections? E-mail <a href="mailto:keuringen@materieelportaal.nl">keuringen@materieelportaal.nl</a>.</p>',
    '<h4>Travailler en sécurité</h4><p>N’utilisez que du matériel dont le contrôle est valide. Questions ? Écrivez à <a href="mailto:keuringen@materieelportaal.nl">keuringen@materieelportaal.nl</a>.</p>',
    '<h4>Sicher arbeiten</h4><p>Verwenden Sie nur Geräte mit gültiger Prüfung. Fragen zu Prüfungen? Schreiben Sie an <a href="mailto:keuringen@materieelportaal.nl">keuringen@materieelportaal.nl</a>.</p>',
  ),
};

export const serviceMessageSpecs: {
  pageKey: string;
  daysAgo: number;
  activeDays: number | null;
  message: Text;
}[] = [
  {
    pageKey: 'news-feestdagen',
    daysAgo: 7,
    activeDays: 60,
    message: t(
      'Rond de feestdagen gelden aangepaste openingstijden van de depots.',
      'Depot opening hours change over the holidays.',
      'Les horaires des dépôts changent pendant les fêtes.',
      'Über die Feiertage gelten geänderte Öffnungszeiten der Depots.',
    ),
  },
  {
    pageKey: 'news-lichtmasten',
    daysAgo: 21,
    activeDays: null,
    message: t(
      'Nieuw in de catalogus: hybride LED-lichtmasten met accu.',
      'New in the catalogue: hybrid LED lighting towers with battery.',
      'Nouveau au catalogue : mâts d’éclairage LED hybrides avec batterie.',
      'Neu im Katalog: hybride LED-Lichtmasten mit Akku.',
    ),
  },
];

export { locales };
