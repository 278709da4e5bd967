import { RightType } from '@cms/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from './role.entity';

@Entity('right')
@Index(['roleId', 'rightType'], { unique: true })
export class Right {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 64 })
  roleId: string;

  @ManyToOne('Role', (role: Role) => role.rights, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'roleId' })
  role?: Role;

  @Column({ type: 'enum', enum: RightType, enumName: 'right_type' })
  rightType: RightType;
}
