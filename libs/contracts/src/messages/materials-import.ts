/**
 * Server messages of the materials import, metal surcharge and markups (issue 29), spread into
 * SERVER_MESSAGES (catalogue.ts). `{line}` is the file's line (XLSX: the row) the error is on.
 */
export const MATERIAL_IMPORT_MESSAGES = {
  material_import_empty: {
    de: 'Die Datei enthält keine Artikel.',
    fr: 'Le fichier ne contient aucun article.',
    it: 'Il file non contiene articoli.',
  },
  material_import_unknown_format: {
    de: 'Unbekanntes Dateiformat. Erlaubt sind CSV, Excel (XLSX) und Datanorm 4 oder 5.',
    fr: 'Format de fichier inconnu. Sont admis CSV, Excel (XLSX) et Datanorm 4 ou 5.',
    it: 'Formato di file sconosciuto. Sono ammessi CSV, Excel (XLSX) e Datanorm 4 o 5.',
  },
  material_import_bad_xlsx: {
    de: 'Die Excel-Datei kann nicht gelesen werden (beschädigt oder kein XLSX).',
    fr: 'Le fichier Excel ne peut pas être lu (endommagé ou pas au format XLSX).',
    it: 'Il file Excel non può essere letto (danneggiato o non in formato XLSX).',
  },
  material_import_file_missing: {
    de: 'Bitte wählen Sie eine Datei (Feld «file»).',
    fr: 'Veuillez choisir un fichier (champ «file»).',
    it: 'Scelga un file (campo «file»).',
  },
  material_import_too_large: {
    de: 'Die Datei ist zu gross. Maximale Grösse: 50 MB',
    fr: 'Le fichier est trop volumineux. Taille maximale : 50 MB',
    it: 'Il file è troppo grande. Dimensione massima: 50 MB',
  },
  material_import_mapping_required: {
    de: 'Die Spalten wurden nicht erkannt ({headers}). Bitte ordnen Sie Artikelnummer, Bezeichnung und Preis zu.',
    fr: 'Les colonnes n’ont pas été reconnues ({headers}). Veuillez attribuer le numéro d’article, la désignation et le prix.',
    it: 'Le colonne non sono state riconosciute ({headers}). Assegni numero articolo, descrizione e prezzo.',
  },
  material_import_mapping_column_missing: {
    de: 'Die zugeordnete Spalte «{column}» fehlt in der Datei.',
    fr: 'La colonne attribuée «{column}» manque dans le fichier.',
    it: 'La colonna assegnata «{column}» manca nel file.',
  },
  material_import_bad_mapping: {
    de: 'Die Spaltenzuordnung ist ungültig.',
    fr: 'L’attribution des colonnes n’est pas valable.',
    it: 'L’assegnazione delle colonne non è valida.',
  },
  material_import_missing_article_number: {
    de: 'Zeile {line}: Die Artikelnummer fehlt.',
    fr: 'Ligne {line} : le numéro d’article manque.',
    it: 'Riga {line}: manca il numero articolo.',
  },
  material_import_missing_name: {
    de: 'Zeile {line}: Die Bezeichnung fehlt.',
    fr: 'Ligne {line} : la désignation manque.',
    it: 'Riga {line}: manca la descrizione.',
  },
  material_import_missing_price: {
    de: 'Zeile {line}: Der Preis fehlt.',
    fr: 'Ligne {line} : le prix manque.',
    it: 'Riga {line}: manca il prezzo.',
  },
  material_import_bad_number: {
    de: 'Zeile {line}: «{value}» ist keine gültige Zahl ({field}).',
    fr: 'Ligne {line} : «{value}» n’est pas un nombre valable ({field}).',
    it: 'Riga {line}: «{value}» non è un numero valido ({field}).',
  },
  material_import_bad_unit: {
    de: 'Zeile {line}: Die Einheit «{value}» ist unbekannt (erlaubt: Stk, kg, m, m², m³, l, Pkg und ihre üblichen Kürzel).',
    fr: 'Ligne {line} : l’unité «{value}» est inconnue (admises : Stk, kg, m, m², m³, l, Pkg et leurs abréviations usuelles).',
    it: 'Riga {line}: l’unità «{value}» è sconosciuta (ammesse: Stk, kg, m, m², m³, l, Pkg e le loro abbreviazioni usuali).',
  },
  material_import_bad_ean: {
    de: 'Zeile {line}: Die EAN «{value}» ist ungültig (8, 12, 13 oder 14 Ziffern).',
    fr: 'Ligne {line} : l’EAN «{value}» n’est pas valable (8, 12, 13 ou 14 chiffres).',
    it: 'Riga {line}: l’EAN «{value}» non è valido (8, 12, 13 o 14 cifre).',
  },
  material_import_bad_price_unit: {
    de: 'Zeile {line}: Die Preiseinheit «{value}» ist ungültig (1, 10, 100 oder 1000).',
    fr: 'Ligne {line} : l’unité de prix «{value}» n’est pas valable (1, 10, 100 ou 1000).',
    it: 'Riga {line}: l’unità di prezzo «{value}» non è valida (1, 10, 100 o 1000).',
  },
  material_import_bad_price_kind: {
    de: 'Zeile {line}: Das Preiskennzeichen «{value}» ist ungültig (1 = Brutto, 2 = Netto).',
    fr: 'Ligne {line} : l’indicateur de prix «{value}» n’est pas valable (1 = brut, 2 = net).',
    it: 'Riga {line}: l’indicatore di prezzo «{value}» non è valido (1 = lordo, 2 = netto).',
  },
  material_import_bad_discount: {
    de: 'Zeile {line}: Die Rabattgruppe «{value}» ist ungültig (Rabatt in Prozent, höchstens 100).',
    fr: 'Ligne {line} : le groupe de rabais «{value}» n’est pas valable (rabais en pour cent, au plus 100).',
    it: 'Riga {line}: il gruppo di sconto «{value}» non è valido (sconto in percentuale, al massimo 100).',
  },
  material_import_bad_record: {
    de: 'Zeile {line}: Der Satz «{value}» ist kein gültiger Datanorm-Satz.',
    fr: 'Ligne {line} : l’enregistrement «{value}» n’est pas un enregistrement Datanorm valable.',
    it: 'Riga {line}: il record «{value}» non è un record Datanorm valido.',
  },
  material_import_unknown_article: {
    de: 'Zeile {line}: Preisänderung für die Artikelnummer «{value}», die in der Datei fehlt.',
    fr: 'Ligne {line} : modification de prix pour le numéro d’article «{value}», absent du fichier.',
    it: 'Riga {line}: modifica di prezzo per il numero articolo «{value}», assente nel file.',
  },
  material_import_duplicate: {
    de: 'Zeile {line}: Die Artikelnummer «{value}» kommt in der Datei doppelt vor.',
    fr: 'Ligne {line} : le numéro d’article «{value}» figure deux fois dans le fichier.',
    it: 'Riga {line}: il numero articolo «{value}» compare due volte nel file.',
  },
  material_import_unclosed_quote: {
    de: 'Zeile {line}: Ein Anführungszeichen wird nicht geschlossen.',
    fr: 'Ligne {line} : un guillemet n’est pas fermé.',
    it: 'Riga {line}: una virgoletta non è chiusa.',
  },
  material_import_not_found: {
    de: 'Import nicht gefunden',
    fr: 'Importation introuvable',
    it: 'Importazione non trovata',
  },
  material_import_running: {
    de: 'Für diesen Lieferanten läuft bereits ein Import. Bitte warten Sie, bis er abgeschlossen ist.',
    fr: 'Une importation est déjà en cours pour ce fournisseur. Veuillez attendre qu’elle soit terminée.',
    it: 'Per questo fornitore è già in corso un’importazione. Attenda che sia conclusa.',
  },
  material_import_failed: {
    de: 'Der Import ist fehlgeschlagen; es wurde nichts übernommen.',
    fr: 'L’importation a échoué ; rien n’a été repris.',
    it: 'L’importazione non è riuscita; non è stato ripreso nulla.',
  },
} as const satisfies Record<string, { readonly de: string; readonly fr: string; readonly it: string }>;
