// Session h15-vocab's own table (toolboxVocabularyTable.ts); see singleTurnSuite.ts for what a row asserts.
import { describeSingleTurnTable } from './singleTurnSuite';
import { TOOLBOX_VOCABULARY_TABLE } from './toolboxVocabularyTable';

describeSingleTurnTable('toolbox syntax, spelling variants and secondary settings (session h15-vocab table)', TOOLBOX_VOCABULARY_TABLE, 100);
